import type { AnswerOutcome } from '../contract/outcome';
import type { RunSnapshot } from '../client/run-state';
import { taskResult, type TaskResult } from '../client/task-result';
import type { AppliedAs, ApplyRefusal } from './hand-over';

/** How the answer was handed over (each answer once): the hand-over's own type, for the session's users. */
export type { AppliedAs } from './hand-over';

/** What became of the editor's verdict on an answer: it may be changed once. */
export interface FeedbackState {
  readonly given: AnswerOutcome | null;
  /** `sent` also when only the host collects it (no outcome endpoint). */
  readonly status: 'idle' | 'sending' | 'sent' | 'failed';
  /** Whether the verdict can still be given or changed. */
  readonly open: boolean;
}

/** One answer of this dialog session: every run that produced one adds a variant. */
export interface AnswerVariant {
  /** The run's request id. */
  readonly id: string;
  readonly result: TaskResult;
  readonly applied: AppliedAs | null;
  /** The host's refusal of this answer's last hand-over (it stays with this answer, not another). */
  readonly refusal: ApplyRefusal | null;
  readonly feedback: FeedbackState;
}

/** How many answers a session keeps by default (the oldest goes first). */
export const DEFAULT_MAX_VARIANTS = 10;

export const NO_FEEDBACK: FeedbackState = Object.freeze({ given: null, status: 'idle', open: true });

/**
 * The answers of one context, oldest first, at most `max` (the oldest goes first), and the one in view.
 * A variant is found by its identity (the run's request id), never by its place: a run that ends while
 * a rating of another is in flight moves the list.
 */
export function createVariants(max: number, changed: () => void) {
  let list: AnswerVariant[] = [];
  let shown = -1;
  return {
    get list(): readonly AnswerVariant[] {
      return list;
    },
    get shown(): number {
      return shown;
    },
    /** The variant in view, if any. */
    current(): AnswerVariant | undefined {
      return list[shown];
    },
    /**
     * A run that ended with an answer adds it, and shows it; a run seen before is not added again.
     * `true` when it was added.
     */
    addFrom(run: RunSnapshot): boolean {
      if (run.status === 'running' || run.requestId === null || list.some((v) => v.id === run.requestId)) return false;
      const result = taskResult(run);
      if (!result) return false;
      list = [...list, { id: run.requestId, result, applied: null, refusal: null, feedback: NO_FEEDBACK }].slice(-max);
      shown = list.length - 1;
      return true;
    },
    /** Shows the variant at `index` (clamped; from none in view, the one asked for); `false` when nothing changed. */
    show(index: number): boolean {
      const next = Math.min(Math.max(index, 0), list.length - 1);
      if (next === shown || list.length === 0) return false;
      shown = next;
      changed();
      return true;
    },
    /** Changes the variant `id`, wherever it now is; nothing when it is gone. */
    update(id: string, patch: Partial<AnswerVariant> | ((variant: AnswerVariant) => Partial<AnswerVariant>)) {
      const at = list.findIndex((variant) => variant.id === id);
      const variant = list[at];
      if (!variant) return;
      const next = typeof patch === 'function' ? patch(variant) : patch;
      list = list.map((v, i) => (i === at ? { ...v, ...next } : v));
      changed();
    },
    /** None in view (the dialog opened again): the list stays, `show` brings one back. */
    hide() {
      shown = -1;
    },
    /** Another subject: its answers no longer apply. */
    clear() {
      list = [];
      shown = -1;
    },
  };
}
