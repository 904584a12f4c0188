import {
  PROGRESS_EVENT_SCHEMAS,
  RunStepSchema,
  TERMINAL_EVENT_SCHEMAS,
  TERMINATION_REASONS,
  UnknownTerminalEventSchema,
  type RunStep,
  type Usage,
} from '../contract/run-events';
import type { AskAiFailure, ContractWarning } from './failure';
import type { DoneInput, RunUsage, StepInput } from './run-state';

/** What one event of a run means for the run. */
export type RunEventMeaning =
  | {
      readonly type: 'progress';
      readonly action:
        | { type: 'started'; runUuid: string }
        | { type: 'step'; step: StepInput }
        | { type: 'delta'; text: string }
        | null;
    }
  | { readonly type: 'done'; readonly result: DoneInput; readonly warning: ContractWarning | null }
  | { readonly type: 'fail'; readonly failure: AskAiFailure }
  | { readonly type: 'skip'; readonly warning: ContractWarning };

const KNOWN_REASONS: ReadonlySet<string> = new Set(TERMINATION_REASONS);

/**
 * Reads one event (a parsed NDJSON line, or an unstreamed body turned into one) by the rules of
 * CONTRACT.md §2: progress events that do not fit are skipped, a terminal event that does not fit is
 * an `invalidResponse`, an unknown event with a boolean `success` is terminal, anything else is ignored.
 */
export function interpretEvent(value: unknown): RunEventMeaning {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { type: 'skip', warning: { code: 'skippedLine', message: 'A line is not a JSON object.' } };
  }
  const event = (value as { event?: unknown }).event;
  const name = typeof event === 'string' ? event : '';
  // The event a stream is made of, thousands per answer: checked as its schema would, without it.
  const text = (value as { text?: unknown }).text;
  if (name === 'delta' && typeof text === 'string') return { type: 'progress', action: { type: 'delta', text } };

  if (Object.hasOwn(PROGRESS_EVENT_SCHEMAS, name)) {
    const parsed = PROGRESS_EVENT_SCHEMAS[name as keyof typeof PROGRESS_EVENT_SCHEMAS].safeParse(value);
    if (!parsed.success)
      return {
        type: 'skip',
        warning: { code: 'invalidEvent', message: `A "${name}" event does not fit the contract.` },
      };
    const data = parsed.data;
    switch (data.event) {
      case 'started':
        return { type: 'progress', action: { type: 'started', runUuid: data.runUuid } };
      case 'step':
        return { type: 'progress', action: { type: 'step', step: toStepInput(data.step) } };
      case 'delta':
        return { type: 'progress', action: { type: 'delta', text: data.text } };
      default:
        return { type: 'progress', action: null };
    }
  }

  if (Object.hasOwn(TERMINAL_EVENT_SCHEMAS, name)) {
    const parsed = TERMINAL_EVENT_SCHEMAS[name as keyof typeof TERMINAL_EVENT_SCHEMAS].safeParse(value);
    if (!parsed.success)
      return {
        type: 'fail',
        failure: { kind: 'invalidResponse', detail: `The terminal "${name}" event does not fit the contract.` },
      };
    const data = parsed.data;
    switch (data.event) {
      case 'done':
        return doneMeaning({
          answer: data.finalContent,
          answerCut: data.answerCut === true,
          usage: toUsage(data.usage),
          iterations: data.iterations,
          truncated: data.truncated,
          terminationReason: data.terminationReason ?? null,
          runUuid: data.runUuid ?? null,
          correlationId: data.correlationId ?? null,
        });
      case 'awaiting_approval':
        return {
          type: 'fail',
          failure: {
            kind: 'suspendedForApproval',
            tools: data.pendingTools.map((t) => t.name),
            runUuid: data.runUuid || null,
          },
        };
      case 'awaiting_input':
        return {
          type: 'fail',
          failure: { kind: 'suspendedForInput', tools: [data.inputRequest.tool], runUuid: data.runUuid || null },
        };
      case 'guardrail_blocked':
      case 'guardrail_approval_required':
        return { type: 'fail', failure: { kind: 'guardrail', message: data.error || null } };
      case 'cancelled':
        return { type: 'fail', failure: { kind: 'cancelled', message: data.error || null } };
      case 'error':
        return { type: 'fail', failure: errorFailure(data) };
    }
  }

  const unknown = UnknownTerminalEventSchema.safeParse(value);
  if (!unknown.success) return { type: 'progress', action: null };
  const data = unknown.data;
  if (!data.success) return { type: 'fail', failure: { kind: 'backend', message: data.error || null } };
  if (typeof data.finalContent === 'string') {
    const v = value as { usage?: unknown; iterations?: unknown; truncated?: unknown; runUuid?: unknown };
    return doneMeaning({
      answer: data.finalContent,
      answerCut: false,
      usage: null,
      iterations: typeof v.iterations === 'number' ? v.iterations : null,
      truncated: v.truncated === true,
      terminationReason: null,
      runUuid: typeof v.runUuid === 'string' ? v.runUuid : null,
      correlationId: null,
    });
  }
  return {
    type: 'fail',
    failure: { kind: 'invalidResponse', detail: `The terminal "${name}" event carries no answer.` },
  };
}

/** An `error` event, by the reason the backend gave (CONTRACT.md §2); none or an unknown one: the backend's error. */
function errorFailure(data: {
  error?: string | undefined;
  reason?: string | undefined;
  retryAfter?: number | undefined;
  period?: string | undefined;
}): AskAiFailure {
  const message = data.error || null;
  switch (data.reason) {
    case 'rateLimited':
      return {
        kind: 'rateLimited',
        reason: 'provider',
        retryAfterSeconds:
          typeof data.retryAfter === 'number' && data.retryAfter > 0 ? Math.min(Math.ceil(data.retryAfter), 600) : null,
      };
    case 'budget':
      return {
        kind: 'budget',
        period: data.period === 'month' ? 'month' : data.period === 'day' ? 'day' : null,
        message,
      };
    case 'deadline':
      return { kind: 'deadline', message };
    case 'unavailable':
      return { kind: 'unavailable', message };
    case 'misconfigured':
      return { kind: 'misconfigured', message };
    default:
      return { kind: 'backend', message };
  }
}

const STATUS_TO_EVENT: Readonly<Record<string, string>> = { completed: 'done' };

/** Turns an unstreamed answer (`status` in place of `event`, no `status` on success) into an event. */
export function eventFromBody(body: Record<string, unknown>): Record<string, unknown> {
  const status = typeof body.status === 'string' ? body.status : body.success === true ? 'done' : 'error';
  return { ...body, event: STATUS_TO_EVENT[status] ?? status };
}

/** The steps of an unstreamed answer, as step inputs; entries that do not fit are skipped. */
export function stepsFromBody(steps: unknown): StepInput[] {
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((raw) => {
    const parsed = RunStepSchema.safeParse(raw);
    return parsed.success ? [toStepInput(parsed.data)] : [];
  });
}

function doneMeaning(result: DoneInput): RunEventMeaning {
  const reason = result.terminationReason;
  const warning: ContractWarning | null =
    reason !== null && !KNOWN_REASONS.has(reason)
      ? { code: 'unknownTerminationReason', message: `Unknown termination reason "${reason}".` }
      : null;
  return { type: 'done', result, warning };
}

function toUsage(usage: Usage): RunUsage | null {
  if (!('totalTokens' in usage)) return null;
  return {
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    totalTokens: usage.totalTokens,
    estimatedCost: usage.estimatedCost ?? null,
  };
}

function toStepInput(step: RunStep): StepInput {
  return {
    kind: step.kind,
    round: step.round,
    durationMs: step.durationMs,
    toolName: step.toolName,
    toolIsError: step.toolIsError,
    ...(step.kind === 'llm' ? requestedTools(step.requestedToolCalls) : { requestedTools: undefined }),
  };
}

/** What the editor reads of a tool at work: one line of plain text, never markup, ids or JSON. */
const MAX_ACTIVITY = 160;

/**
 * `requestedToolCalls` is free-form in nr-llm: names are read where they are plain to see, and the words
 * a backend adds for the editor (`activity`: "Reading the page “Harbour”…") where it sends them.
 */
function requestedTools(calls: unknown): Pick<StepInput, 'requestedTools' | 'requestedActivities'> {
  if (!Array.isArray(calls)) return { requestedTools: undefined };
  const named = calls.flatMap((call: unknown): Array<{ name: string; activity: string | null }> => {
    if (typeof call === 'string') return [{ name: call, activity: null }];
    if (typeof call !== 'object' || call === null) return [];
    const c = call as { name?: unknown; function?: { name?: unknown }; activity?: unknown };
    const name = c.name ?? c.function?.name;
    if (typeof name !== 'string') return [];
    const activity = typeof c.activity === 'string' ? c.activity.replace(/\s+/g, ' ').trim() : '';
    return [{ name, activity: activity === '' ? null : activity.slice(0, MAX_ACTIVITY) }];
  });
  const activities = named.map((call) => call.activity);
  return {
    requestedTools: named.map((call) => call.name),
    ...(activities.some((activity) => activity !== null) ? { requestedActivities: activities } : {}),
  };
}
