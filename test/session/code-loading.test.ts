import { QueryClient } from '@tanstack/query-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDialogSession, createTransport, type ContractWarning } from '../../src/session';
import { requestCancel } from '../../src/client/cancel-request';
import { ENDPOINTS, simulated, until } from '../support/backend-fetch';
import { manualTimers } from '../support/manual-timers';

/**
 * The tool list's reader and the run's readers are chunks of their own, fetched when the dialog needs
 * them. A chunk that cannot be fetched (offline, a deploy removed it) must read as the network failure
 * it is, keep the instruction, and leave the next attempt free to fetch it again.
 */
const TOOL_READER = '../../src/client/offerable-tools';
const RUN_READERS = '../../src/client/run-readers';

const sessions: Array<{ dispose(): void }> = [];

function setup(timers?: ReturnType<typeof manualTimers>) {
  const sim = simulated();
  const warnings: ContractWarning[] = [];
  const transport = createTransport({
    endpoints: ENDPOINTS,
    fetch: sim.fetch,
    onContractWarning: (warning) => warnings.push(warning),
  });
  const session = createDialogSession({
    transport,
    queryClient: new QueryClient(),
    timers,
    toolsTimeoutMs: 20_000,
    idleTimeoutMs: 180_000,
  });
  session.subscribe(() => undefined);
  sessions.push(session);
  return { session, sim, warnings };
}

const gone = () => {
  throw new TypeError('Failed to fetch dynamically imported module');
};
/** A chunk whose fetch never ends (a stalled connection). */
const stalled = () => new Promise<never>(() => undefined);

/**
 * Mocks a chunk for the imports that follow. An import still in flight (a session's preload of the
 * readers, on a busy machine still being transformed) would land after the mock is registered and put the
 * real module back in the cache, so the mock waits for every import to settle first.
 */
async function mockChunk(path: string, factory: () => Promise<never> | never) {
  await vi.dynamicImportSettled();
  vi.doMock(path, factory);
}

/**
 * A chunk that cannot be fetched, mocked and seen failing before the session starts: the mock is registered
 * by this import alone, never by two of the session's imports at once (Vitest resolves queued mocks inside
 * whichever import comes first, and two at once can leave one of them with the real module).
 */
async function mockGone(path: string) {
  await mockChunk(path, gone);
  await expect(import(/* @vite-ignore */ path)).rejects.toThrow();
}

afterEach(async () => {
  for (const session of sessions.splice(0)) session.dispose();
  await vi.dynamicImportSettled();
  vi.doUnmock(TOOL_READER);
  vi.doUnmock(RUN_READERS);
});

describe('code the dialog loads when it needs it', () => {
  it('a tool list whose reader cannot be fetched fails as the network does; reloading fetches it again', async () => {
    await mockGone(TOOL_READER);
    const { session } = setup();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'error');
    expect(session.getSnapshot().tools.failure).toEqual({ kind: 'network' });

    vi.doUnmock(TOOL_READER);
    session.reloadTools();
    await until(() => session.getSnapshot().tools.status === 'success');
    expect(session.getSnapshot().tools.data?.unattended.length).toBeGreaterThan(0);
  });

  it('a run whose readers cannot be fetched fails as the network does, keeping its instruction', async () => {
    await mockGone(RUN_READERS);
    const { session, sim } = setup();
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    session.setInstruction('Summarise this text.');
    expect(session.start()).toBe(true);
    // Waits for the run's end, whatever it is: a run that went on with its real readers fails here at once.
    await until(() => !['preparing', 'running'].includes(session.getSnapshot().status));
    const failed = session.getSnapshot();
    expect(failed.status).toBe('failed');
    expect(failed.run.failure).toEqual({ kind: 'network' });
    expect(failed.instruction).toBe('Summarise this text.');
    expect(failed.outcome?.lines[0]).toEqual({ key: 'network' });
    // The request itself went out: the server is asked, and the chunk is what failed.
    expect(sim.requests.filter((r) => r.url.startsWith(ENDPOINTS.run))).toHaveLength(1);

    vi.doUnmock(RUN_READERS);
    expect(session.retry()).toBe(true);
    await until(() => session.getSnapshot().status === 'done');
    expect(session.getSnapshot().answer).not.toBe('');
  });

  it('a cancel whose answer cannot be read (its reader is gone) counts as not confirmed, and says so', async () => {
    await mockGone(RUN_READERS);
    const sent: string[] = [];
    const warnings: ContractWarning[] = [];
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: (async (input: RequestInfo | URL) => {
        sent.push(String(input));
        return Response.json({ success: true, cancelled: true });
      }) as typeof fetch,
      onContractWarning: (warning) => warnings.push(warning),
    });
    const confirmed = requestCancel(transport, ENDPOINTS.cancel!, { requestId: 'r-1' }, 0);
    // The request leaves at once, before any code is fetched: a page being left has no time to wait.
    expect(sent).toEqual([ENDPOINTS.cancel]);
    expect(await confirmed).toBe(false);
    expect(warnings.map((w) => w.code)).toEqual(['cancelFailed']);

    vi.doUnmock(RUN_READERS);
    expect(await requestCancel(transport, ENDPOINTS.cancel!, { requestId: 'r-2' }, 0)).toBe(true);
  });

  it('a tool-list reader that never arrives fails as the network does once the list’s timeout passes', async () => {
    await mockChunk(TOOL_READER, stalled);
    const timers = manualTimers();
    const { session } = setup(timers);
    session.setActive(true);
    await until(() => session.getSnapshot().tools.fetching);
    timers.advance(19_999);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(session.getSnapshot().tools.status).toBe('pending');
    timers.advance(1);
    await until(() => session.getSnapshot().tools.status === 'error');
    expect(session.getSnapshot().tools.failure).toEqual({ kind: 'network' });
  });

  it('run readers that never arrive end the run as a network failure once the idle timeout passes', async () => {
    const timers = manualTimers();
    const { session } = setup(timers);
    session.setActive(true);
    await until(() => session.getSnapshot().tools.status === 'success');
    let readersAsked = false;
    await mockChunk(RUN_READERS, () => {
      readersAsked = true;
      return stalled();
    });
    session.setInstruction('Summarise this text.');
    session.start();
    await until(() => session.getSnapshot().status === 'running');
    // Advanced once the run waits for its readers (their idle timeout is armed as the import starts; on a
    // busy machine that is later than a few milliseconds).
    await until(() => readersAsked);
    timers.advance(180_000);
    await until(() => session.getSnapshot().status === 'failed');
    expect(session.getSnapshot().run.failure).toEqual({ kind: 'network' });
    expect(session.getSnapshot().instruction).toBe('Summarise this text.');
  });
});
