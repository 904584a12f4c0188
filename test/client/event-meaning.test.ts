import { describe, expect, it } from 'vitest';
import { eventFromBody, interpretEvent, stepsFromBody } from '../../src/client/event-meaning';

const usage = { promptTokens: 1, completionTokens: 2, totalTokens: 3 };
const done = { event: 'done', success: true, finalContent: 'A', iterations: 1, truncated: false, usage };

describe('interpretEvent', () => {
  it.each([null, 3, 'text', [1, 2]])('skips a line that is not a JSON object (%j)', (value) => {
    expect(interpretEvent(value)).toEqual({
      type: 'skip',
      warning: { code: 'skippedLine', message: 'A line is not a JSON object.' },
    });
  });

  it('skips a progress event that does not fit, naming it', () => {
    expect(interpretEvent({ event: 'delta', text: 3 })).toEqual({
      type: 'skip',
      warning: { code: 'invalidEvent', message: 'A "delta" event does not fit the contract.' },
    });
  });

  it('reads a context event as progress without an action', () => {
    expect(interpretEvent({ event: 'context', contextClassification: { zone: 'x' } })).toEqual({
      type: 'progress',
      action: null,
    });
  });

  it('ignores an unknown event without success, and an event name that is not a string', () => {
    expect(interpretEvent({ event: 'heartbeat' })).toEqual({ type: 'progress', action: null });
    expect(interpretEvent({ event: 7, text: 'x' })).toEqual({ type: 'progress', action: null });
  });

  it('reads done with its usage (PHP [] as none) and its fields', () => {
    expect(
      interpretEvent({
        ...done,
        usage: { ...usage, estimatedCost: 0.5 },
        runUuid: 'u',
        correlationId: 'c',
        terminationReason: 'completed',
      }),
    ).toEqual({
      type: 'done',
      warning: null,
      result: {
        answer: 'A',
        answerCut: false,
        usage: { ...usage, estimatedCost: 0.5 },
        iterations: 1,
        truncated: false,
        terminationReason: 'completed',
        runUuid: 'u',
        correlationId: 'c',
      },
    });
    expect(interpretEvent({ ...done, usage: [] })).toMatchObject({
      type: 'done',
      result: { usage: null, runUuid: null, correlationId: null, terminationReason: null },
    });
    expect(interpretEvent(done)).toMatchObject({ result: { usage: { ...usage, estimatedCost: null } } });
    // The backend cut the answer to the size the dialog keeps: said under the answer, never read as an error.
    expect(interpretEvent({ ...done, answerCut: true })).toMatchObject({ type: 'done', result: { answerCut: true } });
  });

  it('warns about an unknown termination reason', () => {
    expect(interpretEvent({ ...done, terminationReason: 'solar_flare' })).toMatchObject({
      type: 'done',
      warning: { code: 'unknownTerminationReason', message: 'Unknown termination reason "solar_flare".' },
    });
  });

  it('fails on a terminal event that does not fit, naming it', () => {
    expect(interpretEvent({ event: 'done', success: true })).toEqual({
      type: 'fail',
      failure: { kind: 'invalidResponse', detail: 'The terminal "done" event does not fit the contract.' },
    });
  });

  it.each([
    [
      { event: 'guardrail_blocked', success: false, error: 'No.' },
      { kind: 'guardrail', message: 'No.' },
    ],
    [
      { event: 'guardrail_approval_required', success: false, error: '' },
      { kind: 'guardrail', message: null },
    ],
    [
      { event: 'cancelled', success: false },
      { kind: 'cancelled', message: null },
    ],
    [
      { event: 'error', success: false, error: 'Boom.' },
      { kind: 'backend', message: 'Boom.' },
    ],
    [
      { event: 'error', success: false, error: '' },
      { kind: 'backend', message: null },
    ],
    [
      { event: 'error', success: false, error: 'Not set up.', reason: 'misconfigured' },
      { kind: 'misconfigured', message: 'Not set up.' },
    ],
    [
      { event: 'error', success: false, error: 'Down.', reason: 'unavailable' },
      { kind: 'unavailable', message: 'Down.' },
    ],
    [
      { event: 'error', success: false, error: 'Slow.', reason: 'deadline' },
      { kind: 'deadline', message: 'Slow.' },
    ],
    [
      { event: 'awaiting_approval', success: true, runUuid: '', pendingTools: [{ name: 'w' }] },
      { kind: 'suspendedForApproval', tools: ['w'], runUuid: null },
    ],
    [
      { event: 'awaiting_input', success: true, runUuid: 'u', inputRequest: { tool: 'i' } },
      { kind: 'suspendedForInput', tools: ['i'], runUuid: 'u' },
    ],
    [
      { event: 'lease_lost', success: false, error: 'Lost.' },
      { kind: 'backend', message: 'Lost.' },
    ],
    [
      { event: 'lease_lost', success: false },
      { kind: 'backend', message: null },
    ],
    [
      { event: 'requeued', success: true },
      { kind: 'invalidResponse', detail: 'The terminal "requeued" event carries no answer.' },
    ],
  ])('reads %j as a failure', (event, failure) => {
    expect(interpretEvent(event)).toEqual({ type: 'fail', failure });
  });

  it('reads an unknown terminal event with success and an answer as done, with what it carries', () => {
    expect(
      interpretEvent({
        event: 'completed_late',
        success: true,
        finalContent: 'A',
        iterations: 3,
        truncated: true,
        runUuid: 'u',
      }),
    ).toEqual({
      type: 'done',
      warning: null,
      result: {
        answer: 'A',
        answerCut: false,
        usage: null,
        iterations: 3,
        truncated: true,
        terminationReason: null,
        runUuid: 'u',
        correlationId: null,
      },
    });
    expect(
      interpretEvent({
        event: 'completed_late',
        success: true,
        finalContent: 'A',
        iterations: '3',
        truncated: 'yes',
        runUuid: 4,
      }),
    ).toMatchObject({
      result: { iterations: null, truncated: false, runUuid: null },
    });
  });

  it('reads the tools an llm step asked for, where their names are plain to see', () => {
    const step = (requestedToolCalls: unknown, kind = 'llm') =>
      interpretEvent({ event: 'step', step: { kind, round: 1, durationMs: 1, requestedToolCalls } });
    expect(step(['a', { name: 'b' }, { function: { name: 'c' } }, { function: {} }, null, 5, { name: 6 }])).toEqual({
      type: 'progress',
      action: {
        type: 'step',
        step: {
          kind: 'llm',
          round: 1,
          durationMs: 1,
          toolName: undefined,
          toolIsError: undefined,
          requestedTools: ['a', 'b', 'c'],
        },
      },
    });
    expect(step('not a list')).toMatchObject({ action: { step: { requestedTools: undefined } } });
    expect(step(['a'], 'tool')).toMatchObject({ action: { step: { requestedTools: undefined } } });
  });

  it('reads what each requested tool does in the editor’s words, one plain line of at most 160 characters', () => {
    const step = (requestedToolCalls: unknown) =>
      interpretEvent({ event: 'step', step: { kind: 'llm', round: 1, durationMs: 1, requestedToolCalls } });
    const long = 'x'.repeat(200);
    expect(
      step([
        { name: 'a', activity: 'Reading the page\t“Harbour”…' },
        { name: 'b' },
        { name: 'c', activity: 42 },
        { name: 'd', activity: long },
        { name: 'e', activity: '   ' },
      ]),
    ).toMatchObject({
      action: {
        step: {
          requestedTools: ['a', 'b', 'c', 'd', 'e'],
          requestedActivities: ['Reading the page “Harbour”…', null, null, 'x'.repeat(160), null],
        },
      },
    });
    // A backend that says nothing of the kind: no words at all, the tools by their names.
    const plain = step([{ name: 'a' }]) as { action: { step: object } };
    expect(plain.action.step).not.toHaveProperty('requestedActivities');
  });
});

describe('unstreamed bodies', () => {
  it('reads status in place of event, and no status as done or error by success', () => {
    expect(eventFromBody({ success: true, status: 'completed' }).event).toBe('done');
    expect(eventFromBody({ success: true, status: 'awaiting_input' }).event).toBe('awaiting_input');
    expect(eventFromBody({ success: true }).event).toBe('done');
    expect(eventFromBody({ success: false }).event).toBe('error');
    expect(eventFromBody({ success: 'yes' }).event).toBe('error');
  });

  it('reads the steps that fit and skips the rest', () => {
    expect(stepsFromBody('nope')).toEqual([]);
    expect(stepsFromBody([{ kind: 'tool', round: 1, durationMs: 2, toolName: 't' }, { kind: 3 }])).toEqual([
      { kind: 'tool', round: 1, durationMs: 2, toolName: 't', toolIsError: undefined, requestedTools: undefined },
    ]);
  });
});
