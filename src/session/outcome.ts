import type { AskAiFailure } from '../client/failure';
import type { RunSnapshot } from '../client/run-state';
import type { MessageKey, MessageLine } from '../i18n/messages';
import { cutText } from '../client/well-formed-text';

/**
 * Whether "Try again" can help: `now`, `later` (after the backend's `Retry-After`), or `never` (the
 * same request would fail the same way: not permitted, not set up, refused, blocked by a guardrail).
 */
export type RetryAdvice = 'now' | 'later' | 'never';

/** What the end of a run says. */
export interface Outcome {
  /** `alert` for a failure (role="alert"), `status` for a calm end. */
  readonly tone: 'alert' | 'status';
  /** One short sentence with what to do (and whether the partial answer is kept). */
  readonly lines: readonly MessageLine[];
  /** For a collapsed "Details": the server's own words, a run id. Empty when there is nothing more. */
  readonly details: readonly MessageLine[];
  readonly retry: RetryAdvice;
  /** With `retry: 'later'`: seconds from the end of the run until a retry can help. */
  readonly retryAfterSeconds: number | null;
}

/** How a tool is named to the editor: its label where the backend sent one. */
export type ToolLabel = (name: string) => string;

const line = (key: MessageKey, ...args: unknown[]): MessageLine => (args.length === 0 ? { key } : { key, args });

const NEVER: ReadonlySet<AskAiFailure['kind']> = new Set([
  'forbidden',
  'notFound',
  'badRequest',
  'guardrail',
  'budget',
  'misconfigured',
]);

interface FailureView {
  readonly lines: readonly MessageLine[];
  readonly details: readonly MessageLine[];
}

/** Characters of a server's own error text shown at most (a page of HTML can come as an error). */
export const MAX_ERROR_TEXT = 2_000;

function serverSaid(text: string): MessageLine {
  return line('serverSaid', text.length > MAX_ERROR_TEXT ? `${cutText(text, MAX_ERROR_TEXT)}…` : text);
}

/** The sentence a failure shows, and what goes to its details. */
export function failureView(failure: AskAiFailure, partial: boolean, labelOf: ToolLabel = String): FailureView {
  const kept = partial ? [line('partialKept')] : [];
  switch (failure.kind) {
    case 'suspendedForApproval':
    case 'suspendedForInput': {
      const tools = failure.tools.map(labelOf).join(', ') || '?';
      const key = failure.kind === 'suspendedForApproval' ? 'suspendedApproval' : 'suspendedInput';
      const inbox = failure.runUuid ? [line('suspendedInbox', failure.runUuid)] : [];
      return { lines: [line(key, tools), ...kept], details: [...inbox, line('suspendedNext')] };
    }
    case 'noAnswer': {
      const reason = failure.terminationReason;
      const key =
        reason === 'budget_exhausted'
          ? 'noAnswerBudget'
          : reason === 'context_truncated'
            ? 'noAnswerTruncated'
            : 'noAnswer';
      return { lines: [line(key)], details: [] };
    }
    case 'invalidResponse':
      return { lines: [line('invalidResponse'), ...kept], details: [serverSaid(failure.detail)] };
    case 'network':
    case 'connectionLost':
    case 'sessionExpired':
      return { lines: [line(failure.kind), ...kept], details: [] };
    case 'rateLimited': {
      // Queued behind the editor's own runs or the site's, or the model's own limit: each says what it is.
      const key =
        failure.reason === 'userLimit'
          ? 'rateLimitedUser'
          : failure.reason === 'siteLimit'
            ? 'rateLimitedSite'
            : failure.reason === 'provider'
              ? 'rateLimitedProvider'
              : 'rateLimited';
      return { lines: [line(key), ...kept], details: [] };
    }
    case 'budget':
      return {
        lines: [line(failure.period === 'month' ? 'budgetMonth' : failure.period === 'day' ? 'budgetDay' : 'budget')],
        details: failure.message ? [serverSaid(failure.message)] : [],
      };
    case 'deadline':
    case 'unavailable':
    case 'misconfigured':
      return {
        lines: [line(failure.kind), ...kept],
        details: failure.message ? [serverSaid(failure.message)] : [],
      };
    case 'forbidden':
    case 'notFound':
    case 'badRequest':
    case 'guardrail':
    case 'server':
    case 'cancelled':
    case 'backend':
      return {
        lines: [line(failure.kind), ...kept],
        details: failure.message ? [serverSaid(failure.message)] : [],
      };
  }
}

/** Kept for hosts that render the lines alone: the sentence and the details after it. */
export function failureLines(failure: AskAiFailure, partial: boolean, labelOf: ToolLabel = String): MessageLine[] {
  const view = failureView(failure, partial, labelOf);
  return [...view.lines, ...view.details];
}

const calm = (lines: MessageLine[]): Outcome => ({
  tone: 'status',
  lines,
  details: [],
  retry: 'now',
  retryAfterSeconds: null,
});

/** What the end of a run says, or `null` while nothing has ended. */
export function outcomeOf(
  run: RunSnapshot,
  labelOf: ToolLabel = String,
  /** The run was stopped because the dialog closed: its end says so. */
  stoppedOnClose = false,
): Outcome | null {
  switch (run.status) {
    case 'idle':
    case 'running':
      // Asked after every event of a stream: nothing here reads the answer so far.
      return null;
    case 'done':
      return calm([line('done')]);
    case 'stopped':
      // One line: what arrived stays in view, marked "Incomplete"; whether the server could abort the
      // model call is the backend's to say (the run's `cancel`), not the editor's to read.
      return calm([line(stoppedOnClose ? 'stoppedOnClose' : 'stopped')]);
    case 'failed':
    case 'suspended': {
      const failure: AskAiFailure = run.failure ?? { kind: 'backend', message: null };
      const view = failureView(failure, run.partialAnswer.trim() !== '', labelOf);
      const seconds = failure.kind === 'rateLimited' ? failure.retryAfterSeconds : null;
      const retry: RetryAdvice = NEVER.has(failure.kind) ? 'never' : seconds ? 'later' : 'now';
      return { tone: 'alert', ...view, retry, retryAfterSeconds: retry === 'later' ? seconds : null };
    }
  }
}
