import { describe, expect, it } from 'vitest';
import { createRunController, createTransport, type ContractWarning, type Transport } from '../../src/client';
import { controlledStream, ENDPOINTS, until } from '../support/backend-fetch';
import { manualTimers } from '../support/manual-timers';

function setup(respond: (init: RequestInit) => Response | Promise<Response>, extra: { maxLineLength?: number } = {}) {
  const warnings: ContractWarning[] = [];
  const bodies: Array<Record<string, unknown>> = [];
  const transport = createTransport({
    endpoints: ENDPOINTS,
    fetch: (async (url: string, init: RequestInit) => {
      if (url === ENDPOINTS.cancel) return Response.json({ success: true, cancelled: true });
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return respond(init);
    }) as unknown as typeof fetch,
    onContractWarning: (w) => warnings.push(w),
  });
  const timers = manualTimers();
  // The clock the timers keep: the idle timeout reads it when its timer fires.
  const controller = createRunController({
    transport,
    timers,
    now: timers.now,
    createRequestId: () => 'req',
    ...extra,
  });
  const ended = () => until(() => controller.getSnapshot().status !== 'running');
  return { controller, warnings, bodies, timers, transport, ended };
}

const done = '{"event":"done","success":true,"finalContent":"A","iterations":1,"truncated":false,"usage":[]}\n';

describe('the run controller at its edges', () => {
  it('ends a run whose NDJSON line grows past the cap as an invalid response, keeping what arrived', async () => {
    const stream = controlledStream();
    const { controller, ended } = setup(() => stream.response, { maxLineLength: 64 });
    controller.start({ prompt: 'p', tools: [] });
    await until(() => controller.getSnapshot().requestId !== null);
    stream.line({ event: 'delta', text: 'kept' });
    stream.push(`{"event":"delta","text":"${'x'.repeat(100)}`);
    await ended();
    expect(controller.getSnapshot()).toMatchObject({
      status: 'failed',
      partialAnswer: 'kept',
      failure: { kind: 'invalidResponse', detail: 'ask-ai-dialog: an NDJSON line is longer than 64 characters.' },
    });
  });

  it('reads a page of HTML where the stream belongs as an expired session, and leaves its body', async () => {
    const stream = controlledStream();
    const { controller, warnings, ended } = setup(() => stream.response);
    controller.start({ prompt: 'p', tools: [] });
    await until(() => controller.getSnapshot().requestId !== null);
    stream.push('<!doctype html>\n<html><body><form action="/typo3/login">\n');
    await ended();
    expect(controller.getSnapshot()).toMatchObject({ status: 'failed', failure: { kind: 'sessionExpired' } });
    expect(warnings).toEqual([]);
  });

  it('reads a line that looks like HTML after the first event as a line to skip, not as a login page', async () => {
    const stream = controlledStream();
    const { controller, warnings, ended } = setup(() => stream.response);
    controller.start({ prompt: 'p', tools: [] });
    await until(() => controller.getSnapshot().requestId !== null);
    stream.line({ event: 'delta', text: 'Begun. ' });
    stream.push('<div class="notice">\n');
    stream.push(done);
    await ended();
    expect(controller.getSnapshot()).toMatchObject({ status: 'done', answer: 'A' });
    expect(warnings.map((w) => w.code)).toEqual(['skippedLine']);
  });

  it('ends with the connection lost, after its idle timeout, a stream that sends only padding', async () => {
    const stream = controlledStream();
    const { controller, timers, ended } = setup(() => stream.response);
    controller.start({ prompt: 'p', tools: [] });
    await until(() => controller.getSnapshot().requestId !== null);
    stream.line({ event: 'delta', text: 'Padded ' });
    await until(() => controller.getSnapshot().partialAnswer === 'Padded ');
    // Padding and blank lines: bytes, but no event. They do not keep the stream alive.
    for (let i = 0; i < 5; i++) {
      stream.push(`${' '.repeat(4095)}\n\n`);
      await new Promise((r) => setTimeout(r, 0));
      timers.advance(40_000);
    }
    await new Promise((r) => setTimeout(r, 0));
    timers.advance(40_000);
    await ended();
    expect(controller.getSnapshot()).toMatchObject({
      status: 'failed',
      failure: { kind: 'connectionLost' },
      partialAnswer: 'Padded ',
    });
  });

  it('warns once about lines after the terminal event, and about a line that is not JSON', async () => {
    const stream = controlledStream();
    const { controller, warnings, ended } = setup(() => stream.response);
    controller.start({ prompt: 'p', tools: [] });
    await until(() => controller.getSnapshot().requestId !== null);
    stream.push('not json\n');
    stream.push(done + '{"event":"delta","text":"late"}\n{"event":"delta","text":"later"}\n');
    await ended();
    stream.end();
    await until(() => warnings.length >= 2);
    expect(warnings).toEqual([
      { code: 'skippedLine', message: 'A line is not JSON.' },
      { code: 'afterTerminal', message: 'The stream went on after its terminal event.' },
    ]);
    expect(controller.getSnapshot().answer).toBe('A');
  });

  it('reads an unstreamed answer that is no terminal answer as an invalid response', async () => {
    const { controller, ended } = setup(() => Response.json({ success: true, status: 'requeued' }));
    controller.start({ prompt: 'p', tools: [] });
    await ended();
    expect(controller.getSnapshot().failure).toEqual({
      kind: 'invalidResponse',
      detail: 'The terminal "requeued" event carries no answer.',
    });
  });

  it('reads an unstreamed answer that says nothing of a terminal event as not a terminal answer', async () => {
    const { controller, ended } = setup(() => Response.json({ success: true, status: 'delta', text: 'x' }));
    controller.start({ prompt: 'p', tools: [] });
    await ended();
    expect(controller.getSnapshot().failure).toEqual({
      kind: 'invalidResponse',
      detail: 'The run answer is not a terminal answer.',
    });
  });

  it('loses the connection when an unstreamed answer stays silent past the idle timeout', async () => {
    let release: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start: () => undefined,
      pull: () => new Promise<void>((r) => (release = r)),
    });
    const { controller, timers, ended } = setup(
      () => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
    );
    controller.start({ prompt: 'p', tools: [] });
    await until(() => timers.pending() > 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    timers.advance(180_000);
    await ended();
    expect(controller.getSnapshot().failure).toEqual({ kind: 'connectionLost' });
    release();
  });

  it('ends a run whose answer cannot even be looked at as an invalid response, never a throw', async () => {
    const { controller, ended } = setup(() => ({ type: 'basic', ok: true, headers: null }) as unknown as Response);
    controller.start({ prompt: 'p', tools: [] });
    await ended();
    expect(controller.getSnapshot().failure).toEqual({ kind: 'invalidResponse', detail: 'The run could not be read.' });
  });

  it('sends only the string names of the tools, and the context only when there is one', async () => {
    const { controller, bodies, ended } = setup(
      () => new Response(done, { headers: { 'Content-Type': 'application/x-ndjson' } }),
    );
    controller.start({ prompt: 'p', tools: ['a', 3, null, 'b'] as unknown as string[] });
    await ended();
    expect(bodies[0]).toEqual({ prompt: 'p', tools: ['a', 'b'], stream: true, requestId: 'req' });
    expect(controller.getSnapshot().tools).toEqual(['a', 'b']);
    expect(controller.getSnapshot().context).toBeNull();
    controller.start({ prompt: 'p', tools: 'nope' as unknown as string[], context: { selection: 's' } });
    await ended();
    expect(bodies[1]).toMatchObject({ tools: [], context: { selection: 's' } });
  });

  it('does nothing on stop when nothing runs, and refuses a second start while one runs', async () => {
    const stream = controlledStream();
    const { controller, bodies } = setup(() => stream.response);
    controller.stop();
    expect(controller.getSnapshot().status).toBe('idle');
    expect(controller.start({ prompt: 'p', tools: [] })).toBe(true);
    expect(controller.start({ prompt: 'q', tools: [] })).toBe(false);
    await until(() => bodies.length === 1);
    controller.stop();
    controller.stop();
    expect(controller.getSnapshot().status).toBe('stopped');
  });

  it('takes new options for the next run: undefined means the default, a missing key keeps its value', async () => {
    const first = setup(() => new Response(done, { headers: { 'Content-Type': 'application/x-ndjson' } }));
    const other: Transport = first.transport;
    const { controller, bodies, ended } = first;
    controller.setOptions({ configuration: 'eu' });
    controller.start({ prompt: 'p', tools: [] });
    await ended();
    controller.setOptions({ transport: other });
    controller.start({ prompt: 'p', tools: [] });
    await ended();
    controller.setOptions({ configuration: undefined });
    controller.start({ prompt: 'p', tools: [] });
    await ended();
    expect(bodies.map((b) => b.configuration)).toEqual(['eu', 'eu', undefined]);
  });

  it('stops telling a listener that unsubscribed, and tells one subscribed twice twice', async () => {
    const { controller, ended } = setup(
      () => new Response(done, { headers: { 'Content-Type': 'application/x-ndjson' } }),
    );
    let calls = 0;
    const listener = () => calls++;
    const first = controller.subscribe(listener);
    controller.subscribe(listener);
    first();
    controller.start({ prompt: 'p', tools: [] });
    await ended();
    const afterOne = calls;
    expect(afterOne).toBeGreaterThan(0);
    controller.reset();
    expect(calls).toBe(afterOne + 1);
  });
});
