import { describe, expect, it } from 'vitest';
import {
  IDLE_SNAPSHOT,
  MAX_ANSWER_LENGTH,
  MAX_STEPS,
  reduceRun,
  type RunAction,
  type RunSnapshot,
} from '../../src/client/run-state';

/** A `done` action with `answer` and nothing else of note. */
const doneWith = (answer: string, at: number): RunAction => ({
  type: 'done',
  at,
  result: {
    answer,
    usage: null,
    iterations: 1,
    truncated: false,
    terminationReason: null,
    runUuid: null,
    correlationId: null,
  },
});

const started = reduceRun(IDLE_SNAPSHOT, {
  type: 'start',
  prompt: 'p',
  context: null,
  tools: ['t'],
  requestId: 'r',
  at: 5,
});

describe('reduceRun', () => {
  it('starts a run from any state with a clean slate', () => {
    expect(started).toEqual({
      ...IDLE_SNAPSHOT,
      status: 'running',
      prompt: 'p',
      tools: ['t'],
      requestId: 'r',
      startedAt: 5,
      lastEventAt: 5,
      maxAnswerLength: MAX_ANSWER_LENGTH,
    });
    const again = reduceRun(
      { ...started, partialAnswer: 'old', status: 'failed' },
      { type: 'start', prompt: 'q', context: null, tools: [], requestId: 's', at: 6 },
    );
    expect(again.partialAnswer).toBe('');
    expect(again.status).toBe('running');
  });

  it('takes no event once the run has ended', () => {
    const done = reduceRun(started, doneWith('A', 9));
    for (const action of [
      { type: 'delta', text: 'x' },
      { type: 'started', runUuid: 'u' },
      { type: 'step', step: { kind: 'llm', round: 1, durationMs: 1 } },
      { type: 'stop', cancel: 'pending', at: 10 },
      { type: 'fail', failure: { kind: 'network' }, at: 10 },
    ] as const) {
      expect(reduceRun(done, action)).toBe(done);
    }
  });

  it('appends deltas, and an empty delta changes nothing', () => {
    const one = reduceRun(started, { type: 'delta', text: 'Hel' });
    expect(reduceRun(one, { type: 'delta', text: '' })).toBe(one);
    expect(reduceRun(one, { type: 'delta', text: 'lo' }).partialAnswer).toBe('Hello');
  });

  it('reads a done whose answer is only whitespace as no answer', () => {
    const result = {
      answer: ' \n\t',
      usage: null,
      iterations: 2,
      truncated: true,
      terminationReason: 'budget_exhausted',
      runUuid: 'u',
      correlationId: null,
    };
    expect(reduceRun(started, { type: 'done', result, at: 9 })).toMatchObject({
      status: 'failed',
      answer: null,
      failure: { kind: 'noAnswer', truncated: true, terminationReason: 'budget_exhausted' },
      iterations: 2,
      runUuid: 'u',
      settledAt: 9,
    });
  });

  it('shows an llm step’s requested tools as running until their tool step resolves the first of them', () => {
    let s: RunSnapshot = reduceRun(started, {
      type: 'step',
      step: { kind: 'llm', round: 1, durationMs: 10, requestedTools: ['a', 'b', 'a'] },
    });
    expect(s.steps.map((x) => [x.id, x.kind, x.toolName, x.status])).toEqual([
      [0, 'llm', null, 'done'],
      [1, 'tool', 'a', 'running'],
      [2, 'tool', 'b', 'running'],
      [3, 'tool', 'a', 'running'],
    ]);
    s = reduceRun(s, {
      type: 'step',
      step: { kind: 'tool', round: 1, durationMs: 4, toolName: 'a', toolIsError: true },
    });
    expect(s.steps.map((x) => [x.id, x.toolName, x.status, x.durationMs])).toEqual([
      [0, null, 'done', 10],
      [1, 'a', 'failed', 4],
      [2, 'b', 'running', null],
      [3, 'a', 'running', null],
    ]);
    // A tool step without a running entry of its name is a new line.
    s = reduceRun(s, { type: 'step', step: { kind: 'tool', round: 2, durationMs: 1, toolName: 'c' } });
    expect(s.steps.at(-1)).toEqual({ id: 4, kind: 'tool', toolName: 'c', round: 2, durationMs: 1, status: 'done' });
    // A step of another kind never resolves a running tool.
    s = reduceRun(s, { type: 'step', step: { kind: 'assembled', round: 2, durationMs: 1, toolName: 'b' } });
    expect(s.steps.find((x) => x.id === 2)?.status).toBe('running');
    // On the end nothing stays running: done finished them, any other end did not.
    expect(reduceRun(s, doneWith('A', 1)).steps.filter((x) => x.status === 'running')).toEqual([]);
    expect(reduceRun(s, doneWith('A', 1)).steps.find((x) => x.id === 2)?.status).toBe('done');
    expect(
      reduceRun(s, { type: 'fail', failure: { kind: 'network' }, at: 1 }).steps.find((x) => x.id === 2)?.status,
    ).toBe('failed');
    expect(reduceRun(s, { type: 'stop', cancel: 'unavailable', at: 1 }).steps.find((x) => x.id === 3)?.status).toBe(
      'failed',
    );
  });

  it('keeps a run’s steps as they are when none is running at its end', () => {
    const s = reduceRun(started, { type: 'step', step: { kind: 'llm', round: 1, durationMs: 1 } });
    expect(reduceRun(s, { type: 'fail', failure: { kind: 'network' }, at: 1 }).steps).toBe(s.steps);
  });

  it('records a suspension with the run id it names, else the run id it had', () => {
    const withUuid = reduceRun(started, { type: 'started', runUuid: 'from-started' });
    expect(
      reduceRun(withUuid, {
        type: 'fail',
        at: 3,
        failure: { kind: 'suspendedForApproval', tools: ['w'], runUuid: null },
      }),
    ).toMatchObject({ status: 'suspended', runUuid: 'from-started' });
    expect(
      reduceRun(withUuid, {
        type: 'fail',
        at: 3,
        failure: { kind: 'suspendedForInput', tools: ['w'], runUuid: 'own' },
      }),
    ).toMatchObject({ status: 'suspended', runUuid: 'own' });
    expect(reduceRun(withUuid, { type: 'fail', at: 3, failure: { kind: 'guardrail', message: null } })).toMatchObject({
      status: 'failed',
      runUuid: 'from-started',
    });
  });

  it('takes the cancel answer only for a stopped run that waits for it', () => {
    const stopped = reduceRun(started, { type: 'stop', cancel: 'pending', at: 4 });
    expect(stopped).toMatchObject({ status: 'stopped', cancel: 'pending', settledAt: 4 });
    expect(reduceRun(stopped, { type: 'cancelAnswered', confirmed: true }).cancel).toBe('confirmed');
    expect(reduceRun(stopped, { type: 'cancelAnswered', confirmed: false }).cancel).toBe('notConfirmed');
    const noCancel = reduceRun(started, { type: 'stop', cancel: 'unavailable', at: 4 });
    expect(reduceRun(noCancel, { type: 'cancelAnswered', confirmed: true })).toBe(noCancel);
    expect(reduceRun(started, { type: 'cancelAnswered', confirmed: true })).toBe(started);
    expect(reduceRun(stopped, { type: 'reset' })).toBe(IDLE_SNAPSHOT);
  });

  describe('limits', () => {
    const run = (maxAnswerLength?: number) =>
      reduceRun(IDLE_SNAPSHOT, {
        type: 'start',
        prompt: 'p',
        context: null,
        tools: [],
        requestId: 'r',
        at: 1,
        maxAnswerLength,
      });

    it('keeps the answer up to its cap, marks it cut and takes no more of it', () => {
      let state = run(10);
      state = reduceRun(state, { type: 'delta', text: 'abcdef' });
      state = reduceRun(state, { type: 'delta', text: 'ghijkl' });
      expect(state).toMatchObject({ partialAnswer: 'abcdefghij', answerCut: true });
      expect(reduceRun(state, { type: 'delta', text: 'more' })).toBe(state);
      const done = reduceRun(state, doneWith('x'.repeat(25), 2));
      expect(done).toMatchObject({ status: 'done', answer: 'x'.repeat(10), answerCut: true });
    });

    it('cuts nothing below the default cap of 2,000,000 characters', () => {
      const state = reduceRun(run(), { type: 'delta', text: 'a'.repeat(1000) });
      expect(state).toMatchObject({ answerCut: false, maxAnswerLength: 2_000_000 });
      expect(MAX_ANSWER_LENGTH).toBe(2_000_000);
    });

    it(`keeps ${MAX_STEPS} steps and counts the rest, each further step without copying the list`, () => {
      let state = run();
      for (let i = 0; i < 100_000; i++)
        state = reduceRun(state, { type: 'step', step: { kind: 'llm', round: i, durationMs: 1 } });
      expect(state.steps).toHaveLength(MAX_STEPS);
      expect(state.stepsOmitted).toBe(100_000 - MAX_STEPS);
      const before = state.steps;
      state = reduceRun(state, { type: 'step', step: { kind: 'llm', round: 0, durationMs: 1 } });
      expect(state.steps).toBe(before);
    });
  });
});
