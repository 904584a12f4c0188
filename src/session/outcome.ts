import type { AskAiFailure } from '../client/failure';
import type { RunSnapshot } from '../client/run-state';
import type { MessageKey, MessageLine } from './messages';

/** What the end of a run says: `alert` for a failure (role="alert"), `status` for a calm end. */
export interface Outcome {
  readonly tone: 'alert' | 'status';
  readonly lines: readonly MessageLine[];
}

const line = (key: MessageKey, ...args: unknown[]): MessageLine => (args.length === 0 ? { key } : { key, args });

/** The failure's own sentence, and the backend's words after it when it sent some. */
const withBackendMessage = (key: MessageKey, message: string | null): MessageLine[] =>
  message ? [line(key), line('backendSaid', message)] : [line(key)];

/** The lines that tell the editor what a failure means and what to do next. */
export function failureLines(failure: AskAiFailure, partial: boolean): MessageLine[] {
  const kept = partial ? [line('partialKept')] : [];
  switch (failure.kind) {
    case 'suspendedForApproval':
    case 'suspendedForInput': {
      const tools = failure.tools.join(', ') || '?';
      const first = line(failure.kind === 'suspendedForApproval' ? 'suspendedApproval' : 'suspendedInput', tools);
      const inbox = failure.runUuid ? line('suspendedInbox', failure.runUuid) : line('suspendedNoInbox');
      return [first, inbox, line('suspendedNext')];
    }
    case 'noAnswer':
      if (failure.terminationReason === 'budget_exhausted') return [line('noAnswerBudget')];
      if (failure.terminationReason === 'context_truncated') return [line('noAnswerTruncated')];
      return [line('noAnswer')];
    case 'network':
    case 'connectionLost':
    case 'sessionExpired':
    case 'invalidResponse':
      return [line(failure.kind), ...kept];
    case 'rateLimited':
      return [line('rateLimited', failure.retryAfterSeconds), ...kept];
    case 'forbidden':
    case 'notFound':
    case 'badRequest':
    case 'guardrail':
      return withBackendMessage(failure.kind, failure.message);
    case 'server':
    case 'cancelled':
    case 'backend':
      return [...withBackendMessage(failure.kind, failure.message), ...kept];
  }
}

const CANCEL_LINES = {
  notRequested: 'stoppedNoCancel',
  unavailable: 'stoppedNoCancel',
  pending: 'stoppedPending',
  confirmed: 'stoppedConfirmed',
  notConfirmed: 'stoppedUnconfirmed',
} as const satisfies Record<RunSnapshot['cancel'], MessageKey>;

/** What the end of a run says, or `null` while nothing has ended. */
export function outcomeOf(run: RunSnapshot): Outcome | null {
  const partial = run.partialAnswer.trim() !== '';
  switch (run.status) {
    case 'idle':
    case 'running':
      return null;
    case 'done':
      return { tone: 'status', lines: [line('done'), ...(run.usage ? [line('usage', run.usage.totalTokens)] : [])] };
    case 'stopped':
      return {
        tone: 'status',
        lines: [line('stopped'), line(CANCEL_LINES[run.cancel]), ...(partial ? [line('partialKept')] : [])],
      };
    case 'failed':
    case 'suspended':
      return { tone: 'alert', lines: run.failure ? failureLines(run.failure, partial) : [line('backend')] };
  }
}
