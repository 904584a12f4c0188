import type { TaskAnswer, TaskAnswerMeta, TaskResult } from '../client/task-result';
import { handedAnswer } from './handed-answer';

/** How an answer was handed to the editor. */
export type AppliedAs = 'insert' | 'replace';

/**
 * What an Insert or Replace handler returns to refuse the answer: the dialog keeps it, says why (its own
 * localised sentence for the known reasons, else `message`), and the editor can still use another action.
 */
export interface ApplyRefusal {
  /**
   * Why: the held selection changed or is gone; the field cannot be edited (`readOnly`: read-only or
   * disabled); the answer does not fit the field (`tooLong`, with the field's `limit`); `other`.
   */
  readonly refused: 'selectionChanged' | 'selectionRemoved' | 'readOnly' | 'tooLong' | 'other';
  /** For `tooLong`: the most characters the field takes. */
  readonly limit?: number | undefined;
  /** The host's own words, shown instead of the dialog's sentence. */
  readonly message?: string | undefined;
}

const REASONS = new Set(['selectionChanged', 'selectionRemoved', 'readOnly', 'tooLong', 'other']);

/** The refusal a handler returned, or `null` when it took the answer. */
export function refusalOf(value: unknown): ApplyRefusal | null {
  if (typeof value !== 'object' || value === null || !('refused' in value)) return null;
  const { refused, message, limit } = value as { refused: unknown; message?: unknown; limit?: unknown };
  return {
    refused: typeof refused === 'string' && REASONS.has(refused) ? (refused as ApplyRefusal['refused']) : 'other',
    message: typeof message === 'string' && message !== '' ? message : undefined,
    limit: typeof limit === 'number' && Number.isFinite(limit) ? limit : undefined,
  };
}

/** How a hand-over ended: the answer went in, the host refused it, or nothing was tried. */
export type HandOver =
  | { readonly outcome: 'applied'; readonly as: AppliedAs }
  | { readonly outcome: 'refused'; readonly refusal: ApplyRefusal }
  /** No answer in view, it went in already, or a hand-over of it is under way (a second click). */
  | { readonly outcome: 'skipped' };

/**
 * Gives the answer (its markdown and the plain text of the parse shown) and its provenance to a host's
 * handler; what the handler returns (or a promise of it) may refuse it.
 */
export type Give = (answer: TaskAnswer, meta: TaskAnswerMeta) => unknown;

/**
 * Hands one answer over at a time, each once: `give` runs for an answer no other hand-over of it is
 * waiting on; a handler that throws took nothing (a refusal, `other`).
 */
export function createHandOverLock() {
  const underWay = new Set<string>();
  return async function handOver(id: string, result: TaskResult, give: Give): Promise<ApplyRefusal | null | 'busy'> {
    if (underWay.has(id)) return 'busy';
    underWay.add(id);
    try {
      return refusalOf(await give(await handedAnswer(result), result.meta));
    } catch {
      return { refused: 'other' };
    } finally {
      underWay.delete(id);
    }
  };
}
