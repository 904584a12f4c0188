import type { RunRequest } from '../contract/run-request';
import { createUnattendedFilter, requiresApproval } from '../unattended';
import type { FaultId } from './faults';
import { json } from './json-response';
import { ndjsonStream, type StreamItem } from './ndjson-writer';
import { filterOfferable, traitsOf, type SimulatedConfiguration } from './policy';
import { REGISTRY_BY_NAME } from './registry';
import { scriptTask, type ScriptedToolCall } from './scripted-model';
import type { SimulationState } from './simulation-state';

/** A run that may still be cancelled: shared by its `runUuid` and its `requestId`. */
export interface RunRecord {
  cancelled: boolean;
  finished: boolean;
}

export interface RunAnswerInput {
  readonly request: RunRequest;
  readonly configuration: SimulatedConfiguration;
  readonly state: SimulationState;
  readonly fault: FaultId | null;
  readonly streamed: boolean;
  readonly signal: AbortSignal;
  readonly runUuid: string;
  readonly record: RunRecord;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The answer pieces of a streamed run, a few words each. */
function pieces(answer: string): string[] {
  return (
    answer.match(/\S+\s*/g)?.reduce<string[]>((acc, word, i) => {
      if (i % 3 === 0) acc.push(word);
      else acc[acc.length - 1] += word;
      return acc;
    }, []) ?? []
  );
}

/**
 * The server-side re-check (CONTRACT.md §2): the request's tools are a request, not an authority.
 * Only names that pass nr-llm's policy gates and the ADR-210 rule are offered to the model.
 */
export function offeredTools(request: RunRequest, configuration: SimulatedConfiguration, state: SimulationState) {
  const requested = [...new Set(request.tools)];
  const allowed = filterOfferable(requested, configuration, state.user, state.operator);
  const traits = allowed.map((name) => traitsOf(REGISTRY_BY_NAME.get(name)!, state.operator));
  return createUnattendedFilter(traits).unattended(allowed);
}

/**
 * The pause nr-llm's tool loop would make for an offered call: approval before input. A conforming
 * server never meets one (it offers no such tool); it shows when the re-check is missing.
 */
function pauseFor(calls: readonly ScriptedToolCall[], offered: readonly string[], state: SimulationState) {
  for (const call of calls) {
    const tool = REGISTRY_BY_NAME.get(call.name);
    if (!tool || !offered.includes(call.name)) continue;
    const traits = traitsOf(tool, state.operator);
    if (requiresApproval(traits)) return { kind: 'approval' as const, call };
    if (traits.requiresInput) return { kind: 'input' as const, call };
  }
  return null;
}

/** Serves one run: its steps, its answer (streamed in pieces, or as one body) and its terminal event. */
export function runAnswer(input: RunAnswerInput): Response {
  const { request, configuration, state, fault, streamed, signal, runUuid, record } = input;
  const offered = offeredTools(request, configuration, state);
  const script = scriptTask(request.prompt, request.context, offered, request.tools);
  const extended = state.protocol !== 'nr-llm';
  const step = state.latency;
  const pause = pauseFor(script.toolCalls, offered, state);

  const steps: Record<string, unknown>[] = [{ kind: 'request', round: 0, durationMs: 3 }];
  const calls = script.toolCalls;
  const rounds = calls.length > 0 ? 2 : 1;
  steps.push({
    kind: 'llm',
    round: 1,
    durationMs: 640,
    // nr-llm's own step carries the calls' arguments; the extension's keeps them on the server and says what
    // each call does in the editor's words instead.
    ...(calls.length > 0
      ? {
          requestedToolCalls: calls.map((c) =>
            state.protocol === 'typo3'
              ? { name: c.name, activity: c.activity }
              : { name: c.name, arguments: c.arguments },
          ),
        }
      : {}),
  });
  if (!pause) {
    for (const call of calls) {
      steps.push({
        kind: 'tool',
        round: 1,
        durationMs: 120,
        toolName: call.name,
        toolArguments: call.arguments,
        toolIsError: call.isError,
        toolResult: call.result.slice(0, 400),
      });
    }
    if (rounds === 2) steps.push({ kind: 'llm', round: 2, durationMs: 910 });
  }

  const answer = fault === 'budget-exhausted' ? '' : script.answer;
  const usage = {
    promptTokens: Math.ceil((request.prompt.length + JSON.stringify(request.context ?? {}).length) / 4),
    completionTokens: Math.ceil(answer.length / 4),
    totalTokens: 0,
    estimatedCost: null,
  };
  usage.totalTokens = usage.promptTokens + usage.completionTokens;
  const terminal = pause
    ? pauseEvent(pause, runUuid)
    : terminalEvent(fault, { answer, rounds, usage, runUuid, requestId: request.requestId, extended });

  const items: StreamItem[] = [];
  items.push(
    extended
      ? { delay: 0, event: { event: 'started', runUuid } }
      : {
          delay: 0,
          event: {
            event: 'context',
            contextClassification: { dataClass: 'editorContent', zone: configuration.trustZone },
          },
        },
  );
  const stepsShown = fault?.startsWith('suspend')
    ? steps.slice(0, 2)
    : fault === 'guardrail'
      ? steps.slice(0, 1)
      : steps;
  for (const s of stepsShown) items.push({ delay: step, event: { event: 'step', step: s } });
  // `typo3`, as the TYPO3 extension: a run offered no tools streams its answer from the model's own stream;
  // a run with tools goes through the agent's loop, whose steps stream and whose answer comes whole at the end.
  const streamsAnswer = state.protocol === 'extended' || (state.protocol === 'typo3' && offered.length === 0);
  const deltas = extended && streamsAnswer && terminal.event === 'done' ? pieces(answer) : [];
  for (const text of deltas) items.push({ delay: Math.round(step / 10), event: { event: 'delta', text } });

  if (fault === 'truncated-stream') {
    items.splice(Math.max(2, items.length - Math.ceil(deltas.length / 2)));
    items.push({ delay: step, raw: '{"event":"delta","te' });
  } else if (fault !== 'no-terminal' && fault !== 'stalled-stream') {
    items.push({ delay: step, event: terminal });
  }
  if (fault === 'stalled-stream') items.splice(Math.max(2, items.length - Math.ceil(deltas.length / 2)));

  if (!streamed) return unstreamed(terminal, stepsShown, extended, record);
  const body = ndjsonStream(items, signal, {
    sleep: input.sleep,
    stall: fault === 'stalled-stream',
    onEnd: () => {
      record.finished = true;
    },
    shouldCancel: () => record.cancelled,
    onCancelled: () => ({ event: 'cancelled', success: false, status: 'cancelled', error: 'The run was cancelled.' }),
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/x-ndjson', 'X-Accel-Buffering': 'no', 'Cache-Control': 'no-cache' },
  });
}

function unstreamed(
  terminal: Record<string, unknown>,
  steps: readonly unknown[],
  extended: boolean,
  record: RunRecord,
): Response {
  record.finished = true;
  const { event, ...rest } = terminal;
  if (event === 'done') return json({ ...rest, ...(extended ? { status: 'completed' } : {}), steps });
  if (event === 'error' || event === 'lease_lost') return json({ success: false, error: rest.error }, 500);
  return json({ ...rest, status: event, steps });
}

function pauseEvent(pause: NonNullable<ReturnType<typeof pauseFor>>, runUuid: string) {
  return pause.kind === 'approval'
    ? {
        event: 'awaiting_approval',
        success: true,
        runUuid,
        pendingTools: [{ name: pause.call.name, arguments: pause.call.arguments }],
      }
    : { event: 'awaiting_input', success: true, runUuid, inputRequest: { tool: pause.call.name, schema: [] } };
}

function terminalEvent(
  fault: FaultId | null,
  run: {
    answer: string;
    rounds: number;
    usage: Record<string, unknown>;
    runUuid: string;
    requestId: string;
    extended: boolean;
  },
): Record<string, unknown> & { event: string } {
  const runUuid = run.extended ? { runUuid: run.runUuid } : {};
  switch (fault) {
    case 'suspend-approval':
    case 'suspend-approval-no-uuid':
      return {
        event: 'awaiting_approval',
        success: true,
        ...(fault === 'suspend-approval' ? { runUuid: run.runUuid } : {}),
        pendingTools: [{ name: 'update_page_metadata', arguments: { uid: 12, title: 'New title' } }],
        turnDigest: 'sim-digest',
      };
    case 'suspend-input':
      return {
        event: 'awaiting_input',
        success: true,
        runUuid: run.runUuid,
        inputRequest: { tool: 'ask_editor_for_tone', schema: [] },
        turnDigest: 'sim-digest',
      };
    case 'guardrail':
      return {
        event: 'guardrail_blocked',
        success: false,
        status: 'guardrail_blocked',
        guardrail: 'personal-data',
        error: 'The guardrail blocked this request: it contains personal data.',
      };
    case 'lease-lost':
      return { event: 'lease_lost', success: false, error: 'The run lost its lease to another worker.' };
    case 'cancelled':
      return { event: 'cancelled', success: false, status: 'cancelled', error: 'The run was cancelled.' };
    case 'schema-violation':
      return { event: 'done', success: true, iterations: run.rounds, truncated: false, usage: run.usage };
    case 'budget-exhausted':
      return {
        event: 'done',
        success: true,
        finalContent: '',
        iterations: run.rounds,
        truncated: true,
        dryRun: false,
        usage: run.usage,
        ...(run.extended ? { terminationReason: 'budget_exhausted', ...runUuid } : {}),
      };
    default:
      return {
        event: 'done',
        success: true,
        finalContent: run.answer,
        iterations: run.rounds,
        truncated: false,
        dryRun: false,
        usage: run.usage,
        ...(run.extended ? { terminationReason: 'completed', ...runUuid, correlationId: `corr-${run.requestId}` } : {}),
      };
  }
}
