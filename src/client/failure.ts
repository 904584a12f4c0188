/**
 * Every way a request or a run can fail, as one discriminated union with a stable `kind`.
 * The dialog turns each kind into a localised message and a next step.
 */
export type AskAiFailure =
  /** The request never got an answer (offline, DNS, CORS). */
  | { readonly kind: 'network' }
  /** A stream broke off, or went silent past the idle timeout: what arrived is kept. */
  | { readonly kind: 'connectionLost' }
  /** An HTML login page where JSON was expected: the backend session expired. */
  | { readonly kind: 'sessionExpired' }
  | { readonly kind: 'forbidden'; readonly message: string | null }
  | { readonly kind: 'notFound'; readonly message: string | null }
  | { readonly kind: 'badRequest'; readonly message: string | null }
  /**
   * Too many requests: HTTP 429 (`Retry-After` when the backend sent one) with the backend's reason — the
   * editor's own runs at their limit (`userLimit`), the site's (`siteLimit`) — or the model's own rate
   * limit, met during the run (`provider`).
   */
  | {
      readonly kind: 'rateLimited';
      readonly retryAfterSeconds: number | null;
      readonly reason?: 'userLimit' | 'siteLimit' | 'provider' | undefined;
    }
  /** A usage budget is used up: the editor's or the configuration's, for the day or the month. */
  | { readonly kind: 'budget'; readonly period: 'day' | 'month' | null; readonly message: string | null }
  /** The backend's deadline for a run passed before the model answered. */
  | { readonly kind: 'deadline'; readonly message: string | null }
  /** The model failed, or could not be reached: the backend is fine, a retry may help. */
  | { readonly kind: 'unavailable'; readonly message: string | null }
  /** The AI service refused the request as it is set up (its key, its model): an administrator has to act. */
  | { readonly kind: 'misconfigured'; readonly message: string | null }
  | { readonly kind: 'server'; readonly status: number; readonly message: string | null }
  /** The backend broke the contract; `detail` is for developers, not for editors. */
  | { readonly kind: 'invalidResponse'; readonly detail: string }
  /** ADR-210: a caller without an approval step cannot resume, so a suspension is a failed run. */
  | { readonly kind: 'suspendedForApproval'; readonly tools: readonly string[]; readonly runUuid: string | null }
  | { readonly kind: 'suspendedForInput'; readonly tools: readonly string[]; readonly runUuid: string | null }
  | { readonly kind: 'guardrail'; readonly message: string | null }
  /** The backend cancelled the run (not the editor's Stop, which ends in `stopped`). */
  | { readonly kind: 'cancelled'; readonly message: string | null }
  /** A `done` without an answer: empty, or truncated by a budget or the context window. */
  | { readonly kind: 'noAnswer'; readonly truncated: boolean; readonly terminationReason: string | null }
  /** `success: false` with the backend's own message. */
  | { readonly kind: 'backend'; readonly message: string | null };

export type AskAiFailureKind = AskAiFailure['kind'];

/**
 * What the client noticed that is not an error for the editor: it goes to the host's
 * `onContractWarning`, never to the console.
 */
export interface ContractWarning {
  readonly code:
    | 'skippedLine'
    | 'invalidEvent'
    | 'afterTerminal'
    | 'unknownTerminationReason'
    | 'serverDisagrees'
    | 'malformedTool'
    | 'cancelFailed'
    | 'unofferedTool';
  readonly message: string;
}

/** The one rejection `offerableTools` produces: it carries an {@link AskAiFailure}. */
export class AskAiRequestError extends Error {
  readonly failure: AskAiFailure;
  constructor(failure: AskAiFailure) {
    super(`ask-ai-dialog: ${failure.kind}`);
    this.name = 'AskAiRequestError';
    this.failure = failure;
  }
}
