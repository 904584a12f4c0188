import type { RunContext } from '../contract/run-request';
import type { AskAiFailure } from './failure';
import { cutText } from './well-formed-text';

/** One `status` settles a run: `idle → running → done | stopped | failed | suspended`. */
export type RunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed' | 'suspended';

/** A line of the single-task timeline. */
export interface RunStepView {
  readonly id: number;
  readonly kind: string;
  readonly toolName: string | null;
  readonly round: number;
  readonly durationMs: number | null;
  readonly status: 'running' | 'done' | 'failed';
  /** A tool at work, in the editor's words where the backend gave them ("Reading the page “Harbour”…"). */
  readonly activity?: string | null | undefined;
}

export interface RunUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  readonly estimatedCost: number | null;
}

/**
 * What became of Stop's cancel request: `unavailable` when no cancel endpoint is configured (the
 * server may finish the step in progress), `pending` until it answers.
 */
export type CancelState = 'notRequested' | 'unavailable' | 'pending' | 'confirmed' | 'notConfirmed';

/** An immutable snapshot of one run, replaced on every change (for `useSyncExternalStore`). */
export interface RunSnapshot {
  readonly status: RunStatus;
  readonly prompt: string;
  /** The task's name as the editor picked it ("Shorten"); `null` for an instruction of their own. */
  readonly label: string | null;
  readonly context: RunContext | null;
  /** The tool names the run offered the model. */
  readonly tools: readonly string[];
  readonly requestId: string | null;
  readonly runUuid: string | null;
  readonly steps: readonly RunStepView[];
  /** The answer as it is written (`delta` events); kept on every end. */
  readonly partialAnswer: string;
  /** The final answer of a `done` run. */
  readonly answer: string | null;
  /** The answer went past `maxAnswerLength`: what came after was dropped (what was kept stays usable). */
  readonly answerCut: boolean;
  /** Characters of answer kept at most (`MAX_ANSWER_LENGTH` unless the run was started with another). */
  readonly maxAnswerLength: number;
  /** Steps past `MAX_STEPS` are counted here, not kept: "…and N more". */
  readonly stepsOmitted: number;
  readonly usage: RunUsage | null;
  readonly iterations: number | null;
  readonly truncated: boolean;
  readonly terminationReason: string | null;
  readonly correlationId: string | null;
  /** Set when `status` is `failed` or `suspended`. */
  readonly failure: AskAiFailure | null;
  readonly cancel: CancelState;
  readonly startedAt: number | null;
  /**
   * The backend has the run: its answer began (a first event). Until then the request may be queued in
   * front of a busy server, and the dialog says it waits for the server, not for the AI.
   */
  readonly accepted: boolean;
  /** When the backend last sent an event (padding and blank lines are not events); to the second. */
  readonly lastEventAt: number | null;
  readonly settledAt: number | null;
}

/** Characters of answer a run keeps by default (2 MB of ASCII): the rest is cut, with a note. */
export const MAX_ANSWER_LENGTH = 2_000_000;
/** Steps a run keeps for its timeline; each further one is only counted. */
export const MAX_STEPS = 200;

export const IDLE_SNAPSHOT: RunSnapshot = Object.freeze({
  status: 'idle',
  prompt: '',
  label: null,
  context: null,
  tools: [],
  requestId: null,
  runUuid: null,
  steps: [],
  partialAnswer: '',
  answer: null,
  answerCut: false,
  maxAnswerLength: 0,
  stepsOmitted: 0,
  usage: null,
  iterations: null,
  truncated: false,
  terminationReason: null,
  correlationId: null,
  failure: null,
  cancel: 'notRequested',
  startedAt: null,
  accepted: false,
  lastEventAt: null,
  settledAt: null,
});

export interface StepInput {
  readonly kind: string;
  readonly round: number;
  readonly durationMs: number;
  readonly toolName?: string | undefined;
  readonly toolIsError?: boolean | undefined;
  /** Tool names an `llm` step asked for: shown as running until their `tool` step arrives. */
  readonly requestedTools?: readonly string[] | undefined;
  /** What each requested tool does, in the editor's words (the backend's), by the same index. */
  readonly requestedActivities?: readonly (string | null)[] | undefined;
}

export interface DoneInput {
  readonly answer: string;
  /** The backend cut the answer already (it keeps the same size as the dialog). */
  readonly answerCut?: boolean | undefined;
  readonly usage: RunUsage | null;
  readonly iterations: number | null;
  readonly truncated: boolean;
  readonly terminationReason: string | null;
  readonly runUuid: string | null;
  readonly correlationId: string | null;
}

export type RunAction =
  | {
      readonly type: 'start';
      readonly prompt: string;
      readonly label?: string | null | undefined;
      readonly context: RunContext | null;
      readonly tools: readonly string[];
      readonly requestId: string;
      readonly at: number;
      readonly maxAnswerLength?: number | undefined;
    }
  | { readonly type: 'started'; readonly runUuid: string }
  | { readonly type: 'step'; readonly step: StepInput }
  | { readonly type: 'delta'; readonly text: string }
  | { readonly type: 'done'; readonly result: DoneInput; readonly at: number }
  | { readonly type: 'fail'; readonly failure: AskAiFailure; readonly at: number }
  | { readonly type: 'stop'; readonly cancel: CancelState; readonly at: number }
  | { readonly type: 'cancelAnswered'; readonly confirmed: boolean }
  | { readonly type: 'heard'; readonly at: number }
  | { readonly type: 'accepted' }
  | { readonly type: 'reset' };

const SUSPENSIONS: ReadonlySet<AskAiFailure['kind']> = new Set(['suspendedForApproval', 'suspendedForInput']);

/** The one place a run's state changes. Pure: the same action on the same state gives the same state. */
export function reduceRun(state: RunSnapshot, action: RunAction): RunSnapshot {
  switch (action.type) {
    case 'start':
      return {
        ...IDLE_SNAPSHOT,
        status: 'running',
        prompt: action.prompt,
        label: action.label ?? null,
        context: action.context,
        tools: action.tools,
        requestId: action.requestId,
        maxAnswerLength: Math.max(1, action.maxAnswerLength ?? MAX_ANSWER_LENGTH),
        startedAt: action.at,
        lastEventAt: action.at,
      };
    case 'reset':
      return IDLE_SNAPSHOT;
    case 'cancelAnswered':
      return state.status === 'stopped' && state.cancel === 'pending'
        ? { ...state, cancel: action.confirmed ? 'confirmed' : 'notConfirmed' }
        : state;
  }
  if (state.status !== 'running') return state;
  switch (action.type) {
    case 'heard':
      return action.at === state.lastEventAt ? state : { ...state, lastEventAt: action.at };
    case 'accepted':
      return state.accepted ? state : { ...state, accepted: true };
    case 'started':
      return { ...state, runUuid: action.runUuid };
    case 'step':
      // Past the cap a step only counts: a run of 100,000 steps costs no more per step than the first.
      if (state.steps.length >= MAX_STEPS && !resolvesRunning(state.steps, action.step))
        return { ...state, stepsOmitted: state.stepsOmitted + 1 };
      return { ...state, steps: addStep(state.steps, action.step) };
    case 'delta': {
      if (action.text === '' || state.answerCut) return state;
      const room = state.maxAnswerLength - state.partialAnswer.length;
      if (action.text.length <= room) return { ...state, partialAnswer: state.partialAnswer + action.text };
      return {
        ...state,
        partialAnswer: cutText(state.partialAnswer + action.text, state.maxAnswerLength),
        answerCut: true,
      };
    }
    case 'done': {
      const r = action.result;
      const common = {
        ...state,
        steps: settleSteps(state.steps, 'done'),
        usage: r.usage,
        iterations: r.iterations,
        truncated: r.truncated,
        terminationReason: r.terminationReason,
        runUuid: r.runUuid ?? state.runUuid,
        correlationId: r.correlationId,
        settledAt: action.at,
      };
      // A `done` without an answer is a run that produced none: say so, never an empty success.
      if (r.answer.trim() === '') {
        return {
          ...common,
          status: 'failed',
          failure: { kind: 'noAnswer', truncated: r.truncated, terminationReason: r.terminationReason },
        };
      }
      const cut = r.answer.length > state.maxAnswerLength;
      return {
        ...common,
        status: 'done',
        answer: cut ? cutText(r.answer, state.maxAnswerLength) : r.answer,
        // The final answer stands for the whole: cut or not is its own length, or the backend's word.
        answerCut: cut || r.answerCut === true,
      };
    }
    case 'fail': {
      const status = SUSPENSIONS.has(action.failure.kind) ? 'suspended' : 'failed';
      const runUuid = 'runUuid' in action.failure ? (action.failure.runUuid ?? state.runUuid) : state.runUuid;
      return {
        ...state,
        status,
        failure: action.failure,
        runUuid,
        steps: settleSteps(state.steps, 'failed'),
        settledAt: action.at,
      };
    }
    case 'stop':
      return {
        ...state,
        status: 'stopped',
        cancel: action.cancel,
        steps: settleSteps(state.steps, 'failed'),
        settledAt: action.at,
      };
  }
}

/** Whether a tool step settles a step already shown as running (then it is kept, even past the cap). */
function resolvesRunning(steps: readonly RunStepView[], step: StepInput): boolean {
  return step.kind === 'tool' && steps.some((s) => s.status === 'running' && s.toolName === (step.toolName ?? null));
}

function addStep(steps: readonly RunStepView[], step: StepInput): readonly RunStepView[] {
  const toolName = step.toolName ?? null;
  const status = step.toolIsError ? 'failed' : 'done';
  const finished: RunStepView = {
    id: steps.length,
    kind: step.kind,
    toolName,
    round: step.round,
    durationMs: step.durationMs,
    status,
  };
  // A tool step resolves the first running entry of the same tool, in place.
  const running = step.kind === 'tool' ? steps.findIndex((s) => s.status === 'running' && s.toolName === toolName) : -1;
  const next =
    running === -1 ? [...steps, finished] : steps.map((s, i) => (i === running ? { ...finished, id: s.id } : s));
  const requested = (step.requestedTools ?? []).map((name, i): RunStepView => ({
    id: next.length + i,
    kind: 'tool',
    toolName: name,
    round: step.round,
    durationMs: null,
    status: 'running',
    activity: step.requestedActivities?.[i] ?? null,
  }));
  return requested.length === 0 ? next : [...next, ...requested];
}

/** On the end of a run nothing stays "running": a done run finished them, any other end did not. */
function settleSteps(steps: readonly RunStepView[], as: 'done' | 'failed'): readonly RunStepView[] {
  return steps.some((s) => s.status === 'running')
    ? steps.map((s) => (s.status === 'running' ? { ...s, status: as } : s))
    : steps;
}
