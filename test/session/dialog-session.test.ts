import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it, vi } from 'vitest';
import { createDialogSession, createTransport, type DialogSession, type DialogSnapshot } from '../../src/session';
import { ENDPOINTS, simulated, until } from '../support/backend-fetch';
import type { TaskAnswer } from '../../src/client';
import { answerText } from '../../src/markdown/text';

/** A session on the simulated backend whose tool list answers only when the test lets it. */
function setup(options: { holdTools?: boolean } = {}) {
  const sim = simulated();
  let releaseTools: () => void = () => undefined;
  const toolsGate = new Promise<void>((resolve) => {
    releaseTools = resolve;
  });
  const runs: Array<Record<string, unknown>> = [];
  const signals: AbortSignal[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith(ENDPOINTS.tools) && options.holdTools) await toolsGate;
    if (url.startsWith(ENDPOINTS.run)) {
      runs.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      if (init?.signal) signals.push(init.signal);
    }
    return sim.fetch(input, init);
  }) as typeof fetch;
  const transport = createTransport({ endpoints: ENDPOINTS, fetch: fetchFn });
  let id = 0;
  const session = createDialogSession({ transport, createRequestId: () => `req-${++id}` });
  const notifications: DialogSnapshot[] = [];
  const unsubscribe = session.subscribe(() => notifications.push(session.getSnapshot()));
  return { session, sim, runs, signals, releaseTools, notifications, unsubscribe, transport };
}

const settled = (session: DialogSession) =>
  until(() => !['preparing', 'running'].includes(session.getSnapshot().status));

describe('the dialog session', () => {
  it('runs a task with the unattended tools and ends done with an answer and a result', async () => {
    const { session, runs } = setup();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June. Entry is free.' } });
    expect(session.start('Summarise this text.')).toBe(true);
    await settled(session);
    const snapshot = session.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.answer).toMatch(/reading garden/);
    expect(snapshot.result?.markdown).toBe(snapshot.answer);
    expect(snapshot.outcome).toEqual({
      tone: 'status',
      lines: [{ key: 'done' }],
      details: [],
      retry: 'now',
      retryAfterSeconds: null,
    });
    expect(snapshot.run.usage?.totalTokens).toBeGreaterThan(0);
    expect(runs[0]?.tools).toEqual(snapshot.tools.data?.unattended.map((t) => t.name));
    expect(runs[0]?.tools).not.toContain('update_page_metadata');
  });

  it('is "preparing" while a task waits for the tool list, then posts it with the list', async () => {
    const { session, runs, releaseTools } = setup({ holdTools: true });
    expect(session.start('Summarise this.')).toBe(true);
    expect(session.getSnapshot().status).toBe('preparing');
    expect(session.start('A second task')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).toEqual([]);
    releaseTools();
    await settled(session);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.tools).toContain('get_page_content');
  });

  it('never posts a task that waited for the tool list when it is disposed meanwhile', async () => {
    const { session, runs, releaseTools } = setup({ holdTools: true });
    session.start('Summarise this.');
    session.dispose();
    expect(session.getSnapshot().status).toBe('idle');
    releaseTools();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toEqual([]);
  });

  it('stops a task that waits for the tool list: it is never posted', async () => {
    const { session, runs, releaseTools } = setup({ holdTools: true });
    session.start('Summarise this.');
    session.stop();
    releaseTools();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toEqual([]);
    expect(session.getSnapshot().status).toBe('idle');
  });

  it('hides the old suspension and offers no Try again while the retry waits for fresh tools', async () => {
    const { session, sim, runs } = setup();
    await until(() => (session.prefetchTools(), true));
    sim.backend.setState({ fault: 'suspend-approval' });
    session.start('Summarise this.');
    await settled(session);
    expect(session.getSnapshot()).toMatchObject({ status: 'suspended', canRetry: true });
    expect(session.getSnapshot().outcome?.tone).toBe('alert');
    sim.backend.setState({ fault: 'tools:latency' });
    expect(session.retry()).toBe(true);
    expect(session.getSnapshot()).toMatchObject({ status: 'preparing', outcome: null, canRetry: false });
    expect(session.retry()).toBe(false);
    sim.backend.setState({ fault: null });
    await settled(session);
    expect(session.getSnapshot().status).toBe('done');
    expect(runs).toHaveLength(2);
  });

  it('stops a running task when the dialog closes, and its end says so', async () => {
    const { session, sim, signals } = setup();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    sim.backend.setState({ fault: 'stalled-stream' });
    session.start('Summarise this.');
    await until(() => session.getSnapshot().status === 'running');
    session.setActive(false);
    expect(session.getSnapshot().status).toBe('stopped');
    expect(session.getSnapshot().outcome?.lines[0]).toEqual({ key: 'stoppedOnClose' });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('never posts a task that waited for the tool list when the dialog closes', async () => {
    const { session, runs, releaseTools } = setup({ holdTools: true });
    session.setActive(true);
    session.start('Summarise this.');
    expect(session.getSnapshot().status).toBe('preparing');
    session.setActive(false);
    expect(session.getSnapshot().status).toBe('idle');
    releaseTools();
    await until(() => session.getSnapshot().tools.status === 'success');
    expect(runs).toHaveLength(0);
  });

  it('treats a setting given as undefined as back to its default', async () => {
    const { session, runs } = setup();
    session.setOptions({ configuration: 'eu-hosted' });
    session.start('Summarise this.');
    await settled(session);
    expect(runs[0]?.configuration).toBe('eu-hosted');
    session.setOptions({ configuration: undefined });
    session.start('Summarise this.');
    await settled(session);
    expect(runs[1]).not.toHaveProperty('configuration');
    // The tool list follows the same configuration as the run.
    expect(session.getSnapshot().tools.data?.configuration ?? null).not.toBe('eu-hosted');
  });

  it('falls back on its own QueryClient when the host takes its client away', async () => {
    const { session } = setup();
    const host = new QueryClient();
    session.setOptions({ queryClient: host });
    session.prefetchTools();
    await until(() =>
      host
        .getQueryCache()
        .getAll()
        .some((q) => q.state.status === 'success'),
    );
    session.setOptions({ queryClient: undefined });
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    expect(session.start('Summarise this.')).toBe(true);
    await settled(session);
    expect(session.getSnapshot().status).toBe('done');
  });

  it('shares the tool list with the host through the QueryClient cache', async () => {
    const { session, transport } = setup();
    const host = new QueryClient();
    session.setOptions({ queryClient: host });
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    const [query] = host.getQueryCache().findAll({ queryKey: ['ask-ai-dialog', 'tools', transport.endpoints.tools] });
    expect(query?.state.data).toBe(session.getSnapshot().tools.data);
  });

  it('aborts the run request and stops on dispose', async () => {
    const { session, sim, signals } = setup();
    sim.backend.setState({ fault: 'stalled-stream' });
    session.setOptions({ context: { selection: 'The library opens a reading garden. It has books. Entry is free.' } });
    session.start('Improve this.');
    await until(() => session.getSnapshot().run.partialAnswer !== '');
    session.dispose();
    expect(session.getSnapshot().status).toBe('stopped');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('asks for an instruction instead of running an empty one; the words leave the prompt once sent', async () => {
    const { session, runs } = setup();
    session.setInstruction('   ');
    expect(session.start()).toBe(false);
    expect(session.getSnapshot().notice).toEqual({ key: 'emptyInstruction' });
    session.setInstruction('Summarise this.');
    // Typing clears the note at once.
    expect(session.getSnapshot().notice).toBeNull();
    expect(session.start()).toBe(true);
    // They head the answer now: the prompt is free, with no list narrowed by words already sent.
    expect(session.getSnapshot().instruction).toBe('');
    await settled(session);
    expect(runs[0]?.prompt).toBe('Summarise this.');
    expect(session.getSnapshot().instruction).toBe('');
  });

  it('gives the words back when their task never ran: stopped while it waited for the tool list', async () => {
    const { session, sim } = setup();
    sim.backend.setState({ latency: 200 });
    session.setActive(true);
    session.setInstruction('Link the latest news.');
    session.start();
    expect(session.getSnapshot()).toMatchObject({ status: 'preparing', instruction: '' });
    session.stop();
    expect(session.getSnapshot()).toMatchObject({ status: 'idle', instruction: 'Link the latest news.' });
  });

  it('leaves the box empty when a task from the list is stopped while it waited: no words were sent', async () => {
    const { session, sim } = setup();
    sim.backend.setState({ latency: 200 });
    session.setActive(true);
    session.start('Shorten the text.');
    expect(session.getSnapshot()).toMatchObject({ status: 'preparing', instruction: '' });
    session.stop();
    expect(session.getSnapshot()).toMatchObject({ status: 'idle', instruction: '' });
  });

  it('keeps the typed instruction through a failure and a stop: nothing typed is lost', async () => {
    const { session, sim } = setup();
    sim.backend.setState({ fault: 'server-error' });
    session.setInstruction('Summarise this.');
    session.start();
    await settled(session);
    expect(session.getSnapshot().status).toBe('failed');
    expect(session.getSnapshot().instruction).toBe('Summarise this.');
    sim.backend.setState({ fault: null, latency: 50 });
    session.start();
    session.stop();
    await settled(session);
    expect(session.getSnapshot().instruction).toBe('Summarise this.');
  });

  it('opens clean each time: no instruction, no answer in view, nothing armed; answers one click away', async () => {
    const { session } = setup();
    session.setActive(true);
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June.' } });
    session.start('Summarise this text.');
    await settled(session);
    session.setInstruction('Make it shorter');
    session.setActive(false);
    session.setActive(true);
    const reopened = session.getSnapshot();
    expect(reopened).toMatchObject({ instruction: '', answer: '', result: null, shown: -1, earlier: 1, notice: null });
    expect(reopened.variants).toEqual([]);
    session.showEarlier();
    expect(session.getSnapshot()).toMatchObject({ shown: 0, earlier: 0 });
    expect(session.getSnapshot().result?.markdown).toMatch(/reading garden/);
  });

  it('pages through this open’s answers only, until the earlier ones are asked for', async () => {
    const { session } = setup();
    session.setActive(true);
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June.' } });
    session.start('Summarise this text.');
    await settled(session);
    session.setActive(false);
    session.setActive(true);
    session.start('Shorten this text.');
    await settled(session);
    // One answer of this open, not "2 of 2" with the one of a closed dialog.
    expect(session.getSnapshot()).toMatchObject({ shown: 0, earlier: 1 });
    expect(session.getSnapshot().variants.map((v) => v.result.meta.instruction)).toEqual(['Shorten this text.']);
    session.showVariant(-1);
    expect(session.getSnapshot().result?.meta.instruction).toBe('Shorten this text.');
    session.showEarlier();
    const all = session.getSnapshot();
    expect(all.variants.map((v) => v.result.meta.instruction)).toEqual(['Summarise this text.', 'Shorten this text.']);
    expect(all).toMatchObject({ shown: 0, earlier: 0 });
    expect(all.result?.meta.instruction).toBe('Summarise this text.');
  });

  it('keeps the answer in view while the next one is asked for, until its first words', async () => {
    const { session, sim } = setup();
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June.' } });
    session.start('Summarise this text.', { tools: 'none' });
    await settled(session);
    const first = session.getSnapshot().answer;
    sim.backend.setState({ latency: 40 });
    session.retry();
    expect(session.getSnapshot()).toMatchObject({
      status: 'running',
      answerPending: true,
      answer: first,
      result: null,
    });
    await until(() => session.getSnapshot().run.partialAnswer !== '');
    expect(session.getSnapshot().answerPending).toBe(false);
    await settled(session);
  });

  it('refines the answer in view without tools, carrying it and the instruction it answered', async () => {
    const { session, runs } = setup();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June.' } });
    session.start('Summarise this text.', { label: 'Summarise' });
    await settled(session);
    const answer = session.getSnapshot().answer;
    expect(session.refine('  ')).toBe(false);
    expect(session.refine('Make it friendlier.')).toBe(true);
    await settled(session);
    expect(runs[1]).toMatchObject({
      prompt: 'Make it friendlier.',
      tools: [],
      context: { previousAnswer: answer, previousInstruction: 'Summarise this text.' },
    });
  });

  it('tells its listeners once per burst of changes, and its snapshot is fresh at once', async () => {
    const { session, notifications } = setup();
    session.setInstruction('a');
    session.setInstruction('ab');
    session.setInstruction('abc');
    expect(session.getSnapshot().instruction).toBe('abc');
    expect(notifications).toHaveLength(0);
    await Promise.resolve();
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.instruction).toBe('abc');
  });

  it('keeps one snapshot while nothing changes, and ignores a context passed anew with the same fields', () => {
    const { session } = setup();
    session.setOptions({ context: { selection: 'x', recordUid: 3 } });
    const first = session.getSnapshot();
    expect(session.getSnapshot()).toBe(first);
    session.setOptions({ context: { selection: 'x', recordUid: 3 } });
    expect(session.getSnapshot()).toBe(first);
    session.setOptions({ context: { selection: 'y', recordUid: 3 } });
    expect(session.getSnapshot()).not.toBe(first);
    expect(session.getSnapshot().canReplace).toBe(true);
  });

  it('cuts the context to the limit and says which parts were cut', () => {
    const { session } = setup();
    session.setOptions({ context: { selection: 'x'.repeat(30), document: 'y'.repeat(5) }, contextLimit: 10 });
    expect(session.getSnapshot().context).toEqual({
      value: { selection: 'x'.repeat(10), document: 'y'.repeat(5) },
      cut: ['selection'],
      limit: 10,
    });
    session.setOptions({ contextLimit: undefined });
    expect(session.getSnapshot().context.limit).toBe(20_000);
  });

  it.each(['', '  \n\t '])('retries the last prompt when the instruction box holds %j', async (held) => {
    const { session, sim, runs } = setup();
    sim.backend.setState({ fault: 'server-error' });
    session.start('Summarise this.');
    await settled(session);
    expect(session.getSnapshot().status).toBe('failed');
    sim.backend.setState({ fault: null });
    session.setInstruction(held);
    expect(session.retry()).toBe(true);
    await settled(session);
    expect(runs.map((r) => r.prompt)).toEqual(['Summarise this.', 'Summarise this.']);
  });

  it('retries the task as it ran — its instruction, tools, name and image — whatever the prompt holds', async () => {
    const { session, sim, runs } = setup();
    sim.backend.setState({ fault: 'server-error' });
    session.start('Write the alternative text for this image.', {
      tools: 'none',
      label: 'Alt text',
      image: { fileReference: 4 },
    });
    await settled(session);
    sim.backend.setState({ fault: null });
    session.setInstruction('Shorten this.');
    expect(session.retry()).toBe(true);
    await settled(session);
    expect(runs.map((r) => r.prompt)).toEqual([
      'Write the alternative text for this image.',
      'Write the alternative text for this image.',
    ]);
    expect(runs[1]).toMatchObject({ tools: [], image: { fileReference: 4 } });
    expect(session.getSnapshot().run.label).toBe('Alt text');
  });

  it('carries a backend task with its run, and Try again runs the same task; an instruction carries none', async () => {
    const { session, sim, runs } = setup();
    sim.backend.setState({ fault: 'server-error' });
    session.start('List the key points of this text.', { task: 12 });
    await settled(session);
    sim.backend.setState({ fault: null });
    expect(session.retry()).toBe(true);
    await settled(session);
    session.setInstruction('Summarise this.');
    session.start();
    await settled(session);
    expect(runs.map((r) => r.task)).toEqual([12, 12, undefined]);
  });

  it('runs without tools (fail closed) when the tool list cannot be had', async () => {
    const { session, sim, runs } = setup();
    sim.backend.setState({ fault: 'tools:forbidden' });
    session.start('Summarise this.');
    await settled(session);
    expect(runs[0]?.tools).toEqual([]);
  });
});

describe('the dialog session, further', () => {
  it('loads the tool list only while active, and again on reloadTools', async () => {
    const { session, sim } = setup();
    const toolRequests = () => sim.requests.filter((r) => r.url.includes('/tools')).length;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(toolRequests()).toBe(0);
    expect(session.getSnapshot().tools).toEqual({ status: 'pending', data: undefined, failure: null, fetching: false });
    session.setActive(true);
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    expect(toolRequests()).toBe(1);
    session.reloadTools();
    await until(() => toolRequests() === 2);
    await until(() => !session.getSnapshot().tools.fetching);
  });

  it('follows a new transport and a new configuration with the tool list', async () => {
    const { session, sim } = setup();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    const second = simulated();
    // Another tools URL is another cache entry (the same URL would share the entry, as TanStack keys it).
    const endpoints = { ...ENDPOINTS, tools: `${ENDPOINTS.tools}?site=2` };
    session.setOptions({ transport: createTransport({ endpoints, fetch: second.fetch }) });
    await until(() => second.requests.some((r) => r.url.includes('/tools')));
    session.setOptions({ configuration: 'content-only' });
    await until(() => session.getSnapshot().tools.data?.configuration === 'content-only');
    expect(sim.requests.filter((r) => r.url.includes('configuration=content-only'))).toEqual([]);
  });

  it('stops observing the tool list when its last listener leaves', async () => {
    const { session, unsubscribe } = setup();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    unsubscribe();
    const before = session.getSnapshot();
    session.reloadTools();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing observes the list any more: the session's view of it does not move.
    expect(session.getSnapshot().tools).toBe(before.tools);
  });

  it('passes a new idle timeout on to the runs', async () => {
    const { session, sim } = setup();
    sim.backend.setState({ fault: 'stalled-stream' });
    session.setOptions({ idleTimeoutMs: 20, context: { selection: 'One. Two. Three. Four. Five. Six.' } });
    session.start('Improve this.');
    await until(() => session.getSnapshot().status === 'failed', 400);
    expect(session.getSnapshot().run.failure).toEqual({ kind: 'connectionLost' });
  });

  it('offers no retry before anything ran, and shows the final answer once done', async () => {
    const { session } = setup();
    expect(session.retry()).toBe(false);
    expect(session.getSnapshot()).toMatchObject({
      status: 'idle',
      canRetry: false,
      answer: '',
      result: null,
      outcome: null,
    });
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June. Entry is free.' } });
    session.start('Summarise this.');
    expect(session.getSnapshot()).toMatchObject({ status: 'running', canRetry: false, result: null });
    await settled(session);
    const snapshot = session.getSnapshot();
    expect(snapshot.answer).toBe(snapshot.run.answer);
    expect(snapshot.canRetry).toBe(true);
  });

  it('sends the context cut to its default limit of 20 000 characters', async () => {
    const { session, runs } = setup();
    session.setOptions({ context: { document: 'd'.repeat(20_001) } });
    expect(session.getSnapshot().context).toMatchObject({ cut: ['document'], limit: 20_000 });
    expect(session.getSnapshot().canReplace).toBe(false);
    session.start('Summarise this.');
    await settled(session);
    expect((runs[0]?.context as { document: string }).document).toHaveLength(20_000);
  });
});

describe('the dialog session’s states for the editor', () => {
  /** A session on the simulated backend with a hand-driven clock. */
  function clocked() {
    const sim = simulated();
    let now = 1_000_000;
    const pending = new Map<number, { at: number; fn: () => void }>();
    let id = 0;
    const timers = {
      setTimeout: (fn: () => void, ms: number) => {
        pending.set(++id, { at: now + ms, fn });
        return id;
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    };
    const advance = (ms: number) => {
      now += ms;
      for (const [key, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(key);
          timer.fn();
        }
      }
    };
    const transport = createTransport({ endpoints: ENDPOINTS, fetch: sim.fetch });
    const session = createDialogSession({ transport, timers, now: () => now });
    session.subscribe(() => undefined);
    return { session, sim, advance, pending };
  }

  it('counts down a Retry-After before Try again can start, and wakes when it may', async () => {
    const { session, sim, advance } = clocked();
    sim.backend.setState({ fault: 'rate-limited' });
    session.start('Summarise this.');
    await settled(session);
    expect(session.getSnapshot()).toMatchObject({
      status: 'failed',
      retry: 'waiting',
      canRetry: false,
      retryAt: 1_000_000 + 30_000,
    });
    expect(session.retry()).toBe(false);
    // Nor does Run, a task or a refinement post while the backend asks to wait.
    expect(session.start('Summarise this again.')).toBe(false);
    advance(29_000);
    expect(session.getSnapshot().retry).toBe('waiting');
    advance(1_000);
    expect(session.getSnapshot()).toMatchObject({ retry: 'ready', canRetry: true, retryAt: null });
    sim.backend.setState({ fault: null });
    expect(session.retry()).toBe(true);
  });

  it('offers no Try again where retrying cannot help', async () => {
    const { session, sim } = clocked();
    sim.backend.setState({ fault: 'forbidden' });
    session.start('Summarise this.');
    await settled(session);
    expect(session.getSnapshot()).toMatchObject({ status: 'failed', retry: 'hidden', canRetry: false });
    expect(session.retry()).toBe(false);
  });

  it('says it is still waiting after 15 s without an event, until the next one', async () => {
    const { session, sim, advance } = clocked();
    sim.backend.setState({ fault: 'stalled-stream' });
    session.setOptions({ context: { selection: 'One. Two. Three. Four. Five. Six.' } });
    session.start('Improve this.');
    await until(() => session.getSnapshot().run.partialAnswer !== '');
    expect(session.getSnapshot().quiet).toBe(false);
    advance(14_000);
    expect(session.getSnapshot().quiet).toBe(false);
    advance(1_000);
    expect(session.getSnapshot()).toMatchObject({ status: 'running', quiet: true });
    session.stop();
    expect(session.getSnapshot().quiet).toBe(false);
  });

  it('hands an answer over once, and a new answer again', async () => {
    const { session } = clocked();
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June. Entry is free.' } });
    session.start('Summarise this.');
    await settled(session);
    const given: TaskAnswer[] = [];
    const give = (answer: TaskAnswer) => void given.push(answer);
    expect(await session.handOver('insert', give)).toEqual({ outcome: 'applied', as: 'insert' });
    // The markdown, and the plain text of the parse the dialog shows.
    expect(given).toEqual([{ markdown: session.getSnapshot().answer, text: answerText(session.getSnapshot().answer) }]);
    expect(session.getSnapshot().applied).toBe('insert');
    expect(await session.handOver('insert', give)).toEqual({ outcome: 'skipped' });
    expect(await session.handOver('replace', give)).toEqual({ outcome: 'skipped' });
    session.start('Shorten this.');
    expect(await session.handOver('insert', give)).toEqual({ outcome: 'skipped' });
    await settled(session);
    expect(session.getSnapshot().applied).toBeNull();
    expect(await session.handOver('replace', give)).toEqual({ outcome: 'applied', as: 'replace' });
    expect(session.getSnapshot().applied).toBe('replace');
    expect(given).toHaveLength(2);
  });

  it('hands an answer to the host once however quickly asked twice; a refusal stays with its own answer', async () => {
    const { session } = clocked();
    session.setOptions({ context: { selection: 'The library opens a reading garden on 1 June. Entry is free.' } });
    session.start('Summarise this.');
    await settled(session);
    // The host refuses the first answer: the refusal is kept with it, nothing is marked applied.
    const refused = await session.handOver('replace', () => ({ refused: 'selectionChanged' }));
    expect(refused).toEqual({ outcome: 'refused', refusal: expect.objectContaining({ refused: 'selectionChanged' }) });
    expect(session.getSnapshot()).toMatchObject({ applied: null, refusal: { refused: 'selectionChanged' } });
    // A second answer shows without that refusal; back on the first, it is there again.
    session.start('Shorten this.');
    await settled(session);
    expect(session.getSnapshot().refusal).toBeNull();
    session.showVariant(0);
    expect(session.getSnapshot().refusal).toMatchObject({ refused: 'selectionChanged' });
    session.showVariant(1);
    // Two clicks before the host answers: the host's handler runs once, the answer goes in once.
    let release!: () => void;
    const give = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const one = session.handOver('insert', give);
    const two = session.handOver('insert', give);
    expect(await two).toEqual({ outcome: 'skipped' });
    expect(session.getSnapshot().applied).toBeNull();
    // The handler hears of the answer once its plain text is derived.
    await vi.waitFor(() => expect(give).toHaveBeenCalledOnce());
    release();
    expect(await one).toEqual({ outcome: 'applied', as: 'insert' });
    expect(give).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().applied).toBe('insert');
    expect(await session.handOver('replace', give)).toEqual({ outcome: 'skipped' });
    expect(give).toHaveBeenCalledTimes(1);
    // A handler that throws took nothing.
    session.showVariant(0);
    expect(await session.handOver('insert', () => Promise.reject(new Error('no')))).toEqual({
      outcome: 'refused',
      refusal: { refused: 'other' },
    });
    expect(session.getSnapshot().applied).toBeNull();
  });

  it('names tools by their labels', async () => {
    const { session } = clocked();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    expect(session.getSnapshot().toolLabel('get_page_content')).toBe('Get page content');
    expect(session.getSnapshot().toolLabel('not_in_the_list')).toBe('not_in_the_list');
  });
});
