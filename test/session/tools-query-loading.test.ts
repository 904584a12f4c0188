import { afterEach, expect, it, vi } from 'vitest';
import type * as Session from '../../src/session';
import { ENDPOINTS, simulated } from '../support/backend-fetch';
import { manualTimers } from '../support/manual-timers';

/**
 * The tool list's reader is a chunk of its own (`code-loading.test.ts` has the dialog's side). A host
 * that runs the query itself (`toolsQueryOptions`, `useOfferableTools`) meets the same failure as for
 * every other: a network `AskAiRequestError`. Its own file: each case mocks the reader and then loads the
 * session afresh, so no case meets the reader another one loaded.
 */
const TOOL_READER = '../../src/client/offerable-tools';
const gone = () => {
  throw new TypeError('Failed to fetch dynamically imported module');
};
const stalled = () => new Promise<never>(() => undefined);

/** The session's modules loaded afresh, their dynamic import of the reader mocked with `factory`. */
async function sessionWithReader(factory: () => Promise<Record<string, unknown>> | Record<string, unknown>) {
  vi.resetModules();
  const session = await import('../../src/session');
  vi.doMock(TOOL_READER, factory);
  return session;
}

afterEach(async () => {
  // An import still in flight would land after the next case's mock and put the real reader back.
  await vi.dynamicImportSettled();
  vi.doUnmock(TOOL_READER);
  vi.resetModules();
});

function failureOf(promise: Promise<unknown>, session: typeof Session) {
  return promise.then(
    () => null,
    (error: unknown) => (error instanceof session.AskAiRequestError ? error.failure : error),
  );
}

it.each([
  ['gone', gone],
  ['stalled', stalled],
])('rejects with a network AskAiRequestError for a reader %s, as for its other failures', async (_how, factory) => {
  const session = await sessionWithReader(factory);
  const transport = session.createTransport({ endpoints: ENDPOINTS, fetch: simulated().fetch });
  const timers = manualTimers();
  const signal = new AbortController().signal;
  const waiting = failureOf(
    session.toolsQueryOptions(transport, undefined, { timeoutMs: 500, timers }).queryFn({ signal }),
    session,
  );
  timers.advance(500);
  expect(await waiting).toEqual({ kind: 'network' });
});

it('gives up a reader still loading when the query is cancelled: no timer stays, no list is asked for', async () => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const session = await sessionWithReader(async () => {
    await arrived;
    return vi.importActual<Record<string, unknown>>(TOOL_READER);
  });
  const { fetch, requests } = simulated();
  const transport = session.createTransport({ endpoints: ENDPOINTS, fetch });
  const timers = manualTimers();
  const cancel = new AbortController();
  const waiting = failureOf(
    session.toolsQueryOptions(transport, undefined, { timeoutMs: 60_000, timers }).queryFn({ signal: cancel.signal }),
    session,
  );
  expect(timers.pending()).toBe(1);
  cancel.abort();
  expect(await waiting).toEqual({ kind: 'network' });
  expect(timers.pending()).toBe(0);
  // The reader arrives after all: nothing is asked of the backend.
  arrive();
  await vi.importMock(TOOL_READER);
  expect(requests).toEqual([]);
});
