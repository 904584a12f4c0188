import type { TaskAnswer, TaskAnswerMeta } from '../client';

/**
 * How an answer went into an editor, once the edit is done and read back: the field adapters' and the
 * CKEditor plugin's `onApply` (and the plugin's `apply` event) pass this one shape.
 */
export interface ApplyEvent {
  readonly as: 'insert' | 'replace';
  readonly answer: TaskAnswer;
  /** The run's provenance: instruction, run id, offered and used tools, usage. */
  readonly meta: TaskAnswerMeta;
}

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

/**
 * Takes the answer. Returning an `ApplyRefusal` (or a promise of one) refuses it (e.g. the selection
 * changed while the dialog was open); any other return value is ignored, so existing handlers keep their
 * types. The dialog says "Inserted" only once a returned promise has settled without a refusal.
 */
export type AnswerHandler = (answer: TaskAnswer, meta: TaskAnswerMeta) => unknown;

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
