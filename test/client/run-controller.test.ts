import { describe, expect, it } from 'vitest';
import {
  createRunController,
  createTransport,
  type AskAiEndpoints,
  type ContractWarning,
  type RunController,
  type RunSnapshot,
} from '../../src/client';
import { controlledStream, doneEvent as done, ENDPOINTS, until, USAGE as usage } from '../support/backend-fetch';
import { manualTimers } from '../support/manual-timers';

interface Harness {
  controller: RunController;
  runBodies: unknown[];
  cancelBodies: unknown[];
  warnings: ContractWarning[];
  history: RunSnapshot[];
  timers: ReturnType<typeof manualTimers>;
}

/** A controller whose run endpoint answers with `respond()`, and whose cancel endpoint confirms. */
function harness(
  respond: () => Response | Promise<Response>,
  options: { endpoints?: AskAiEndpoints; cancel?: () => Response } = {},
): Harness {
  const runBodies: unknown[] = [];
  const cancelBodies: unknown[] = [];
  const warnings: ContractWarning[] = [];
  const timers = manualTimers();
  const fetchFn = (async (url: string, init: RequestInit) => {
    if (url === ENDPOINTS.cancel) {
      cancelBodies.push(JSON.parse(String(init.body)));
      return options.cancel?.() ?? Response.json({ success: true, cancelled: true });
    }
    runBodies.push(JSON.parse(String(init.body)));
    return respond();
  }) as unknown as typeof fetch;
  const transport = createTransport({
    endpoints: options.endpoints ?? ENDPOINTS,
    fetch: fetchFn,
    onContractWarning: (w) => warnings.push(w),
  });
  let id = 0;
  const controller = createRunController({
    transport,
    configuration: 'default',
    timers,
    // The clock the timers keep: the idle timeout reads it when its timer fires.
    now: () => 1000 + timers.now(),
    createRequestId: () => `req-${++id}`,
  });
  const history: RunSnapshot[] = [];
  controller.subscribe(() => history.push(controller.getSnapshot()));
  return { controller, runBodies, cancelBodies, warnings, history, timers };
}

const settled = (c: RunController) => until(() => c.getSnapshot().status !== 'running');

describe('run controller: a run', () => {
  it('starts idle and posts the prompt, the context, the tools (an explicit []) and a requestId', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    expect(h.controller.getSnapshot().status).toBe('idle');
    expect(h.controller.start({ prompt: 'Summarise', context: { selection: 'Text' }, tools: [] })).toBe(true);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'running',
      prompt: 'Summarise',
      requestId: 'req-1',
      tools: [],
    });
    await until(() => h.runBodies.length === 1);
    expect(h.runBodies[0]).toEqual({
      configuration: 'default',
      prompt: 'Summarise',
      context: { selection: 'Text' },
      tools: [],
      stream: true,
      requestId: 'req-1',
    });
    stream.line(done('A'));
    await settled(h.controller);
  });

  it('reads started, steps and deltas, and lets finalContent win over the deltas', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: ['get_page_content'] });
    stream.line({ event: 'started', runUuid: 'run-1' });
    stream.line({
      event: 'step',
      step: {
        kind: 'llm',
        round: 1,
        durationMs: 5,
        // What the tool does, in the editor's words, where the backend says so.
        requestedToolCalls: [{ name: 'get_page_content', arguments: [], activity: ' Reading the page\n“Harbour”… ' }],
      },
    });
    await until(() => h.controller.getSnapshot().steps.length === 2);
    expect(h.controller.getSnapshot().steps).toEqual([
      { id: 0, kind: 'llm', toolName: null, round: 1, durationMs: 5, status: 'done' },
      {
        id: 1,
        kind: 'tool',
        toolName: 'get_page_content',
        round: 1,
        durationMs: null,
        status: 'running',
        activity: 'Reading the page “Harbour”…',
      },
    ]);
    stream.line({
      event: 'step',
      step: { kind: 'tool', round: 1, durationMs: 7, toolName: 'get_page_content', toolIsError: false },
    });
    stream.push('{"event":"delta","text":"Hel');
    stream.push('lo"}\n{"event":"delta","text":" world"}\n');
    await until(() => h.controller.getSnapshot().partialAnswer === 'Hello world');
    const mid = h.controller.getSnapshot();
    expect(mid.runUuid).toBe('run-1');
    expect(mid.steps[1]).toMatchObject({ toolName: 'get_page_content', status: 'done', durationMs: 7 });
    stream.line(done('Hello, world.', { terminationReason: 'completed', correlationId: 'c-1' }));
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'done',
      answer: 'Hello, world.',
      partialAnswer: 'Hello world',
      usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7, estimatedCost: null },
      terminationReason: 'completed',
      correlationId: 'c-1',
      runUuid: 'run-1',
      failure: null,
    });
  });

  it('publishes a new immutable snapshot on each change and the same one between changes', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    const first = h.controller.getSnapshot();
    expect(h.controller.getSnapshot()).toBe(first);
    stream.line({ event: 'delta', text: 'x' });
    await until(() => h.controller.getSnapshot() !== first);
    expect(first.partialAnswer).toBe('');
    stream.line(done('x'));
    await settled(h.controller);
  });

  it('refuses a second start while running, and starts anew once settled', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    expect(h.controller.start({ prompt: 'one', tools: [] })).toBe(true);
    expect(h.controller.start({ prompt: 'two', tools: [] })).toBe(false);
    expect(h.controller.getSnapshot().prompt).toBe('one');
    stream.line(done('A'));
    await settled(h.controller);
    const next = controlledStream();
    const h2 = harness(() => next.response);
    h2.controller.start({ prompt: 'x', tools: [] });
    next.line(done('B'));
    await settled(h2.controller);
    expect(h2.controller.start({ prompt: 'again', tools: [] })).toBe(true);
  });

  it('reads padded lines and blank lines as nr-llm writes them, without started or delta', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    const pad = (e: object) => `${JSON.stringify(e)}${' '.repeat(4095 - JSON.stringify(e).length)}\n`;
    stream.push(
      pad({ event: 'context', contextClassification: [] }) +
        '\n' +
        pad({ event: 'step', step: { kind: 'request', round: 0, durationMs: 1 } }),
    );
    stream.push(pad({ ...done('Plain answer'), dryRun: false }));
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'done',
      answer: 'Plain answer',
      partialAnswer: '',
      terminationReason: null,
      runUuid: null,
    });
  });

  it('reads a last line without a newline when the stream closes', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.push(JSON.stringify(done('Tail')));
    stream.end();
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({ status: 'done', answer: 'Tail' });
  });
});

describe('run controller: contract warnings', () => {
  it('skips garbage lines and events that do not fit, warns, and goes on', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.push('<<garbage>>\n[1,2]\n{"event":"delta","text":7}\n{"event":"heartbeat"}\n');
    stream.line(done('ok'));
    await settled(h.controller);
    expect(h.controller.getSnapshot().status).toBe('done');
    expect(h.warnings.map((w) => w.code)).toEqual(['skippedLine', 'skippedLine', 'invalidEvent']);
  });

  it('ignores and reports anything after the terminal event', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.push(
      `${JSON.stringify(done('first'))}\n${JSON.stringify({ event: 'error', success: false, error: 'late' })}\n`,
    );
    stream.end();
    await until(() => h.warnings.length > 0);
    expect(h.controller.getSnapshot()).toMatchObject({ status: 'done', answer: 'first' });
    expect(h.warnings.map((w) => w.code)).toEqual(['afterTerminal']);
  });

  it('warns on an unknown terminationReason and reads the answer by itself', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.line(done('Answer', { terminationReason: 'sunspots' }));
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({ status: 'done', terminationReason: 'sunspots' });
    expect(h.warnings.map((w) => w.code)).toEqual(['unknownTerminationReason']);
  });
});

describe('run controller: every end', () => {
  const ends: Array<[string, object, Partial<RunSnapshot>]> = [
    [
      'an empty answer',
      done(''),
      { status: 'failed', failure: { kind: 'noAnswer', truncated: false, terminationReason: null } },
    ],
    [
      'a budget-exhausted answer',
      done('', { truncated: true, terminationReason: 'budget_exhausted' }),
      { status: 'failed', failure: { kind: 'noAnswer', truncated: true, terminationReason: 'budget_exhausted' } },
    ],
    [
      'a suspension for approval',
      {
        event: 'awaiting_approval',
        success: true,
        runUuid: 'r-9',
        pendingTools: [{ name: 'update_page_metadata', arguments: [] }],
      },
      {
        status: 'suspended',
        runUuid: 'r-9',
        failure: { kind: 'suspendedForApproval', tools: ['update_page_metadata'], runUuid: 'r-9' },
      },
    ],
    [
      'a suspension for approval without runUuid',
      { event: 'awaiting_approval', success: true, pendingTools: [{ name: 'w' }] },
      { status: 'suspended', runUuid: null, failure: { kind: 'suspendedForApproval', tools: ['w'], runUuid: null } },
    ],
    [
      'a suspension for input',
      { event: 'awaiting_input', success: true, runUuid: 'r-8', inputRequest: { tool: 'ask', schema: [] } },
      { status: 'suspended', failure: { kind: 'suspendedForInput', tools: ['ask'], runUuid: 'r-8' } },
    ],
    [
      'a guardrail',
      { event: 'guardrail_blocked', success: false, guardrail: 'pii', error: 'Blocked' },
      { status: 'failed', failure: { kind: 'guardrail', message: 'Blocked' } },
    ],
    [
      'a cancellation',
      { event: 'cancelled', success: false, error: 'Cancelled' },
      { status: 'failed', failure: { kind: 'cancelled', message: 'Cancelled' } },
    ],
    [
      'an error',
      { event: 'error', success: false, error: 'Provider down' },
      { status: 'failed', failure: { kind: 'backend', message: 'Provider down' } },
    ],
    [
      'an unknown outcome with success: false',
      { event: 'lease_lost', success: false, error: 'Lease lost' },
      { status: 'failed', failure: { kind: 'backend', message: 'Lease lost' } },
    ],
    [
      'an unknown outcome with success: true and an answer',
      { event: 'requeued_done', success: true, finalContent: 'X' },
      { status: 'done', answer: 'X' },
    ],
    [
      'a terminal event that does not fit',
      { event: 'done', success: true },
      { status: 'failed', failure: { kind: 'invalidResponse', detail: expect.any(String) as unknown as string } },
    ],
  ];

  it.each(ends)('settles %s', async (_label, terminal, expected) => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.line({ event: 'delta', text: 'partial' });
    stream.line(terminal);
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({ ...expected, partialAnswer: 'partial' });
  });

  it('loses the connection when the stream ends without a terminal event, keeping the partial answer', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.line({ event: 'delta', text: 'half an ans' });
    stream.push('{"event":"delta","te');
    stream.end();
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'failed',
      failure: { kind: 'connectionLost' },
      partialAnswer: 'half an ans',
    });
  });

  it('loses the connection when the stream breaks', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.line({ event: 'delta', text: 'so far' });
    await until(() => h.controller.getSnapshot().partialAnswer === 'so far');
    stream.fail();
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'failed',
      failure: { kind: 'connectionLost' },
      partialAnswer: 'so far',
    });
  });

  it('loses the connection after the idle timeout of a silent stream, and only then', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    stream.line({ event: 'delta', text: 'wait' });
    await until(() => h.controller.getSnapshot().partialAnswer === 'wait' && h.timers.pending() === 1);
    h.timers.advance(179_999);
    await new Promise((r) => setTimeout(r, 0));
    expect(h.controller.getSnapshot().status).toBe('running');
    h.timers.advance(1);
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'failed',
      failure: { kind: 'connectionLost' },
      partialAnswer: 'wait',
    });
  });

  it('reads a network failure before any answer as network', async () => {
    const h = harness(() => Promise.reject(new TypeError('Failed to fetch')));
    h.controller.start({ prompt: 'p', tools: [] });
    await settled(h.controller);
    expect(h.controller.getSnapshot().failure).toEqual({ kind: 'network' });
  });

  it.each<[string, () => Response, object]>([
    [
      'a login page',
      () => new Response('<!DOCTYPE html><html>', { headers: { 'Content-Type': 'text/html' } }),
      { kind: 'sessionExpired' },
    ],
    [
      '403',
      () => Response.json({ success: false, error: 'No grant' }, { status: 403 }),
      { kind: 'forbidden', message: 'No grant' },
    ],
    [
      '404',
      () => Response.json({ success: false, error: 'Gone' }, { status: 404 }),
      { kind: 'notFound', message: 'Gone' },
    ],
    [
      '400',
      () => Response.json({ success: false, error: 'Invalid configuration or prompt' }, { status: 400 }),
      { kind: 'badRequest', message: 'Invalid configuration or prompt' },
    ],
    [
      '429',
      () => new Response('', { status: 429, headers: { 'Retry-After': '12' } }),
      { kind: 'rateLimited', retryAfterSeconds: 12 },
    ],
    [
      '500 with JSON',
      () => Response.json({ success: false, error: 'RuntimeException: x' }, { status: 500 }),
      { kind: 'server', status: 500, message: 'RuntimeException: x' },
    ],
    [
      '500 without JSON',
      () => new Response('Internal error', { status: 500 }),
      { kind: 'server', status: 500, message: null },
    ],
    [
      'malformed JSON',
      () => new Response('{"success": tru', { headers: { 'Content-Type': 'application/json' } }),
      { kind: 'invalidResponse' },
    ],
    ['a JSON array', () => Response.json([1]), { kind: 'invalidResponse' }],
  ])('fails on %s', async (_label, respond, failure) => {
    const h = harness(respond);
    h.controller.start({ prompt: 'p', tools: [] });
    await settled(h.controller);
    expect(h.controller.getSnapshot().failure).toMatchObject(failure);
    expect(h.controller.getSnapshot().prompt).toBe('p');
  });
});

describe('run controller: unstreamed answers', () => {
  it('reads the nr-llm playground body (no status) with its steps', async () => {
    const h = harness(() =>
      Response.json({
        success: true,
        finalContent: 'Body answer',
        iterations: 2,
        truncated: false,
        dryRun: false,
        usage,
        steps: [{ kind: 'tool', round: 1, durationMs: 4, toolName: 't' }, { bad: true }],
      }),
    );
    h.controller.start({ prompt: 'p', tools: [] });
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'done',
      answer: 'Body answer',
      iterations: 2,
      steps: [{ kind: 'tool', toolName: 't', status: 'done' }],
    });
  });

  it.each<[string, object, object]>([
    [
      'completed',
      { success: true, status: 'completed', finalContent: 'A', iterations: 1, truncated: false, usage },
      { status: 'done', answer: 'A' },
    ],
    [
      'awaiting_input',
      { success: true, status: 'awaiting_input', runUuid: 'u', inputRequest: { tool: 'ask', schema: [] } },
      { status: 'suspended', failure: { kind: 'suspendedForInput', tools: ['ask'], runUuid: 'u' } },
    ],
    [
      'guardrail_blocked on 200',
      { success: false, status: 'guardrail_blocked', guardrail: 'g', error: 'No' },
      { status: 'failed', failure: { kind: 'guardrail', message: 'No' } },
    ],
    [
      'cancelled on 200',
      { success: false, status: 'cancelled', error: 'Stopped by admin' },
      { status: 'failed', failure: { kind: 'cancelled', message: 'Stopped by admin' } },
    ],
    [
      'success: false without status',
      { success: false, error: 'Budget' },
      { status: 'failed', failure: { kind: 'backend', message: 'Budget' } },
    ],
  ])('reads %s', async (_label, body, expected) => {
    const h = harness(() => Response.json(body));
    h.controller.start({ prompt: 'p', tools: [] });
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject(expected);
  });
});

describe('run controller: stop', () => {
  it('does nothing when idle or settled', async () => {
    const h = harness(() => Response.json(done('A')));
    h.controller.stop();
    expect(h.controller.getSnapshot().status).toBe('idle');
    h.controller.start({ prompt: 'p', tools: [] });
    await settled(h.controller);
    const before = h.controller.getSnapshot();
    h.controller.stop();
    expect(h.controller.getSnapshot()).toBe(before);
    expect(h.cancelBodies).toEqual([]);
  });

  it('stops before the answer arrives and cancels by requestId', async () => {
    let resolve!: (r: Response) => void;
    const h = harness(() => new Promise<Response>((r) => (resolve = r)));
    h.controller.start({ prompt: 'p', tools: [] });
    await until(() => h.runBodies.length === 1);
    h.controller.stop();
    expect(h.controller.getSnapshot()).toMatchObject({ status: 'stopped', cancel: 'pending' });
    await until(() => h.controller.getSnapshot().cancel !== 'pending');
    expect(h.cancelBodies).toEqual([{ requestId: 'req-1' }]);
    expect(h.controller.getSnapshot().cancel).toBe('confirmed');
    resolve(Response.json(done('late')));
    await new Promise((r) => setTimeout(r, 0));
    expect(h.controller.getSnapshot()).toMatchObject({ status: 'stopped', answer: null });
  });

  it(
    'stops mid-stream at once, keeps the partial answer, ' + 'cancels by runUuid, and never waits on the body',
    async () => {
      const stream = controlledStream();
      const h = harness(() => stream.response);
      h.controller.start({ prompt: 'p', tools: [] });
      stream.line({ event: 'started', runUuid: 'run-7' });
      stream.line({ event: 'delta', text: 'Kept text' });
      await until(() => h.controller.getSnapshot().partialAnswer === 'Kept text');
      h.controller.stop();
      // Settled synchronously: the body is still open and nobody awaits it.
      expect(h.controller.getSnapshot()).toMatchObject({
        status: 'stopped',
        partialAnswer: 'Kept text',
        cancel: 'pending',
      });
      stream.line(done('should be ignored'));
      await until(() => h.controller.getSnapshot().cancel !== 'pending');
      expect(h.cancelBodies).toEqual([{ runUuid: 'run-7' }]);
      expect(h.controller.getSnapshot()).toMatchObject({ status: 'stopped', answer: null, cancel: 'confirmed' });
    },
  );

  it('records that the server did not confirm the cancel', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response, { cancel: () => Response.json({ success: true, cancelled: false }) });
    h.controller.start({ prompt: 'p', tools: [] });
    await until(() => h.runBodies.length === 1);
    h.controller.stop();
    await until(() => h.controller.getSnapshot().cancel !== 'pending');
    expect(h.controller.getSnapshot().cancel).toBe('notConfirmed');
    expect(h.warnings.map((w) => w.code)).toContain('cancelFailed');
  });

  it('says the cancel is unavailable without a cancel endpoint', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response, { endpoints: { tools: ENDPOINTS.tools, run: ENDPOINTS.run } });
    h.controller.start({ prompt: 'p', tools: [] });
    h.controller.stop();
    expect(h.controller.getSnapshot()).toMatchObject({ status: 'stopped', cancel: 'unavailable' });
    await new Promise((r) => setTimeout(r, 0));
    expect(h.cancelBodies).toEqual([]);
  });

  it('resets to idle, stopping a running task first', async () => {
    const stream = controlledStream();
    const h = harness(() => stream.response);
    h.controller.start({ prompt: 'p', tools: [] });
    h.controller.reset();
    expect(h.controller.getSnapshot().status).toBe('idle');
    expect(h.history.map((s) => s.status)).toEqual(['running', 'stopped', 'idle']);
  });
});

describe('run controller: silence and replacement', () => {
  it('loses the connection when no answer starts within the idle timeout', async () => {
    const h = harness(() => new Promise<Response>(() => undefined));
    h.controller.start({ prompt: 'p', tools: [] });
    await until(() => h.runBodies.length === 1 && h.timers.pending() === 1);
    h.timers.advance(180_000);
    await settled(h.controller);
    expect(h.controller.getSnapshot().failure).toEqual({ kind: 'connectionLost' });
  });

  it('drops the rest of an old stream when a listener starts the next run at once', async () => {
    const streams = [controlledStream(), controlledStream()];
    let call = 0;
    const h = harness(() => streams[call++]!.response);
    h.controller.start({ prompt: 'first', tools: [] });
    await until(() => h.runBodies.length === 1);
    const unsubscribe = h.controller.subscribe(() => {
      if (h.controller.getSnapshot().status === 'stopped') {
        unsubscribe();
        h.controller.start({ prompt: 'second', tools: [] });
      }
    });
    // The old stream still delivers a whole run after the stop: none of it may reach the new run.
    h.controller.stop();
    streams[0]!.push(
      '{"event":"delta","text":"old"}\n' +
        '{"event":"done","success":true,"finalContent":"old","iterations":1,"truncated":false,"usage":[]}\n',
    );
    await until(() => h.runBodies.length === 2);
    streams[1]!.line({ event: 'delta', text: 'new' });
    streams[1]!.line(done('new answer'));
    await settled(h.controller);
    expect(h.controller.getSnapshot()).toMatchObject({
      status: 'done',
      prompt: 'second',
      partialAnswer: 'new',
      answer: 'new answer',
    });
    expect(h.warnings.map((w) => w.code)).not.toContain('afterTerminal');
  });
});
