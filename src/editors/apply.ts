import type { TaskAnswer, TaskAnswerMeta } from '../client';

// The refusal is the session's (it keeps it with the answer); the editors' seam speaks it too.
export { refusalOf, type ApplyRefusal } from '../session/hand-over';

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
 * Takes the answer. Returning an `ApplyRefusal` (or a promise of one) refuses it (e.g. the selection
 * changed while the dialog was open); any other return value is ignored, so existing handlers keep their
 * types. The dialog says "Inserted" only once a returned promise has settled without a refusal.
 */
export type AnswerHandler = (answer: TaskAnswer, meta: TaskAnswerMeta) => unknown;
