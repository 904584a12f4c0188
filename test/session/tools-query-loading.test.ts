import { afterEach, expect, it, vi } from 'vitest';
import { AskAiRequestError, createTransport, toolsQueryOptions } from '../../src/session';
import { ENDPOINTS, simulated } from '../support/backend-fetch';
import { manualTimers } from '../support/manual-timers';

/**
 * The tool list's reader is a chunk of its own (`code-loading.test.ts` has the dialog's side). A host
 * that runs the query itself (`toolsQueryOptions`, `useOfferableTools`) meets the same failure as for
 * every other: a network `AskAiRequestError`. Its own file: a reader mocked away must be met before
 * any test loads the real one through the query.
 */
const TOOL_READER = '../../src/client/offerable-tools';
const gone = () => {
  throw new TypeError('Failed to fetch dynamically imported module');
};
const stalled = () => new Promise<never>(() => undefined);

afterEach(() => {
  vi.doUnmock(TOOL_READER);
});

it('rejects with a network AskAiRequestError for a reader gone or stalled, as for its other failures', async () => {
  const transport = createTransport({ endpoints: ENDPOINTS, fetch: simulated().fetch });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof AskAiRequestError ? error.failure : error),
    );
  vi.doMock(TOOL_READER, gone);
  const signal = new AbortController().signal;
  expect(await failureOf(toolsQueryOptions(transport, undefined).queryFn({ signal }))).toEqual({ kind: 'network' });

  vi.doMock(TOOL_READER, stalled);
  const timers = manualTimers();
  const waiting = failureOf(toolsQueryOptions(transport, undefined, { timeoutMs: 500, timers }).queryFn({ signal }));
  timers.advance(500);
  expect(await waiting).toEqual({ kind: 'network' });
});
