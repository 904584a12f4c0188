import type { AnswerOutcome } from '../contract/outcome';
import type { RunSnapshot } from '../client/run-state';
import { taskResult, type TaskResult } from '../client/task-result';
import type { AnswerUse } from '../i18n/presets';
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
  /** How the task that wrote it uses its answer (its preset's word); `null` for the editor's own instruction. */
  readonly use: AnswerUse | null;
  /** The preset that wrote it (its id; a refinement keeps its answer's), `null` for the editor's own words. */
  readonly preset: string | null;
}

/** How many answers a session keeps by default (the oldest goes first). */
export const DEFAULT_MAX_VARIANTS = 10;

export const NO_FEEDBACK: FeedbackState = Object.freeze({ given: null, status: 'idle', open: true });

/**
 * The answers of one context, oldest first, at most `max` (the oldest goes first), and the one in view.
 * A variant is found by its identity (the run's request id), never by its place: a run that ends while
 * a rating of another is in flight moves the list. Each open of the dialog starts a page of its own: the
 * answers of earlier opens stay (`earlier`), out of the pager until they are asked for (`showEarlier`).
 */
export function createVariants(max: number, changed: () => void) {
  let list: AnswerVariant[] = [];
  /** Index into `list` of the answer in view, or -1. */
  let shown = -1;
  /** How many of `list` are earlier answers, left out of the pager. */
  let since = 0;
  return {
    /** The answers in the pager: this open's, or every one once the earlier ones were asked for. */
    get list(): readonly AnswerVariant[] {
      return since === 0 ? list : list.slice(since);
    },
    /** The index of the answer in view in `list` (the pager's), or -1. */
    get shown(): number {
      return shown === -1 ? -1 : shown - since;
    },
    /** Answers of earlier opens, out of the pager. */
    get earlier(): number {
      return since;
    },
    /** The variant in view, if any. */
    current(): AnswerVariant | undefined {
      return list[shown];
    },
    /**
     * A run that ended with an answer adds it (with how its task uses it), and shows it; a run seen before
     * is not added again. `true` when it was added.
     */
    addFrom(run: RunSnapshot, how: { use?: AnswerUse | undefined; preset?: string | undefined } = {}): boolean {
      if (run.status === 'running' || run.requestId === null || list.some((v) => v.id === run.requestId)) return false;
      const result = taskResult(run);
      if (!result) return false;
      const added: AnswerVariant = {
        id: run.requestId,
        result,
        applied: null,
        refusal: null,
        feedback: NO_FEEDBACK,
        use: how.use ?? null,
        preset: how.preset ?? null,
      };
      const next = [...list, added];
      const dropped = Math.max(0, next.length - max);
      list = next.slice(dropped);
      since = Math.max(0, since - dropped);
      shown = list.length - 1;
      return true;
    },
    /** Shows the pager's answer at `index` (clamped; from none in view, the one asked for); `false`: no change. */
    show(index: number): boolean {
      const count = list.length - since;
      const next = since + Math.min(Math.max(index, 0), count - 1);
      if (count === 0 || next === shown) return false;
      shown = next;
      changed();
      return true;
    },
    /** Puts the earlier answers back in the pager and shows the last of them. */
    showEarlier() {
      if (since === 0) return;
      shown = since - 1;
      since = 0;
      changed();
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
    /** The dialog opened again: none in view, and the answers so far become earlier ones. */
    hide() {
      shown = -1;
      since = list.length;
    },
    /** Another subject: its answers no longer apply. */
    clear() {
      list = [];
      shown = -1;
      since = 0;
    },
  };
}
