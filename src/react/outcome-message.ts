import type { AskAiFailure, RunSnapshot } from '../client';
import type { AskAiMessages } from './messages';

export interface OutcomeMessage {
  /** `alert` for a failure (role="alert"), `status` for a calm end. */
  readonly tone: 'alert' | 'status';
  readonly lines: readonly string[];
}

const withBackendMessage = (m: AskAiMessages, base: string, message: string | null) =>
  message ? [base, m.backendSaid(message)] : [base];

/** The lines that tell the editor what a failure means and what to do next. */
export function failureLines(failure: AskAiFailure, m: AskAiMessages, partial: boolean): string[] {
  const kept = partial ? [m.partialKept] : [];
  switch (failure.kind) {
    case 'suspendedForApproval':
    case 'suspendedForInput': {
      const tools = failure.tools.join(', ') || '?';
      const first = failure.kind === 'suspendedForApproval' ? m.suspendedApproval(tools) : m.suspendedInput(tools);
      return [first, failure.runUuid ? m.suspendedInbox(failure.runUuid) : m.suspendedNoInbox, m.suspendedNext];
    }
    case 'noAnswer':
      if (failure.terminationReason === 'budget_exhausted') return [m.noAnswerBudget];
      if (failure.terminationReason === 'context_truncated') return [m.noAnswerTruncated];
      return [m.noAnswer];
    case 'network':
      return [m.network, ...kept];
    case 'connectionLost':
      return [m.connectionLost, ...kept];
    case 'sessionExpired':
      return [m.sessionExpired, ...kept];
    case 'rateLimited':
      return [m.rateLimited(failure.retryAfterSeconds), ...kept];
    case 'invalidResponse':
      return [m.invalidResponse, ...kept];
    case 'forbidden':
      return withBackendMessage(m, m.forbidden, failure.message);
    case 'notFound':
      return withBackendMessage(m, m.notFound, failure.message);
    case 'badRequest':
      return withBackendMessage(m, m.badRequest, failure.message);
    case 'server':
      return [...withBackendMessage(m, m.server, failure.message), ...kept];
    case 'guardrail':
      return withBackendMessage(m, m.guardrail, failure.message);
    case 'cancelled':
      return [...withBackendMessage(m, m.cancelled, failure.message), ...kept];
    case 'backend':
      return [...withBackendMessage(m, m.backend, failure.message), ...kept];
  }
}

/** What the end of a run says, or `null` while nothing has ended. */
export function outcomeMessage(snapshot: RunSnapshot, m: AskAiMessages): OutcomeMessage | null {
  const partial = snapshot.partialAnswer.trim() !== '';
  switch (snapshot.status) {
    case 'idle':
    case 'running':
      return null;
    case 'done':
      return { tone: 'status', lines: [m.done, ...(snapshot.usage ? [m.usage(snapshot.usage.totalTokens)] : [])] };
    case 'stopped': {
      const cancel = {
        notRequested: m.stoppedNoCancel,
        unavailable: m.stoppedNoCancel,
        pending: m.stoppedPending,
        confirmed: m.stoppedConfirmed,
        notConfirmed: m.stoppedUnconfirmed,
      }[snapshot.cancel];
      return { tone: 'status', lines: [m.stopped, cancel, ...(partial ? [m.partialKept] : [])] };
    }
    case 'failed':
    case 'suspended':
      return { tone: 'alert', lines: snapshot.failure ? failureLines(snapshot.failure, m, partial) : [m.backend] };
  }
}
