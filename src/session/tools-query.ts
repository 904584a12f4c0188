import type { QueryObserverOptions, QueryObserverResult } from '@tanstack/query-core';
import { AskAiRequestError, type AskAiFailure } from '../client/failure';
import type { OfferableTools } from '../client/offerable-tools';
import { beforeTimeout, DEFAULT_TOOLS_TIMEOUT_MS, GLOBAL_TIMERS, TIMED_OUT, type Timers } from '../client/idle-timeout';
import type { Transport } from '../client/transport';

/**
 * How long a fetched tool list counts as fresh: long enough to open the dialog twice, short enough to
 * notice a changed setting.
 */
export const TOOLS_STALE_TIME_MS = 60_000;

const NETWORK: AskAiFailure = { kind: 'network' };

export type ToolsQueryKey = readonly ['ask-ai-dialog', 'tools', string, string | null];

/**
 * The one definition of the tool-list query: the session, `useOfferableTools` and a host that
 * prefetches share its key, so they share one cache entry.
 */
export function toolsQueryOptions(
  transport: Transport,
  configuration: string | undefined,
  wait: { readonly timeoutMs?: number | undefined; readonly timers?: Timers | undefined } = {},
) {
  return {
    queryKey: ['ask-ai-dialog', 'tools', transport.endpoints.tools, configuration ?? null] as ToolsQueryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { timeoutMs = DEFAULT_TOOLS_TIMEOUT_MS, timers = GLOBAL_TIMERS } = wait;
      const reader = await readerOfTools(timeoutMs, timers, signal);
      return reader.offerableTools(transport, { configuration, signal, timeoutMs, timers });
    },
    staleTime: TOOLS_STALE_TIME_MS,
    // A failure is shown with its own retry action; the editor decides when to ask again.
    retry: false,
  } satisfies QueryObserverOptions<OfferableTools, Error, OfferableTools, OfferableTools, ToolsQueryKey>;
}

/**
 * The list's reader, its schemas and the unattended filter: a chunk of their own, fetched with the first
 * list. A chunk that cannot be fetched, or not within the list's own timeout, fails as the network does;
 * so does a wait given up (the query cancelled: the dialog removed), and no timer stays.
 */
async function readerOfTools(timeoutMs: number, timers: Timers, signal: AbortSignal) {
  const reader = await beforeTimeout(import('../client/offerable-tools'), timeoutMs, timers, signal).catch(() => null);
  if (reader === null || reader === TIMED_OUT) throw new AskAiRequestError(NETWORK);
  return reader;
}

/** The tool list as the dialog shows it. */
export interface ToolListState {
  /** `pending` until the first answer (also while nothing asked yet), then `success` or `error`. */
  readonly status: 'pending' | 'error' | 'success';
  readonly data: OfferableTools | undefined;
  /** Why the list could not be loaded (with `status: 'error'`). */
  readonly failure: AskAiFailure | null;
  /** A request for the list is under way. */
  readonly fetching: boolean;
}

export const NO_TOOLS: ToolListState = Object.freeze({
  status: 'pending',
  data: undefined,
  failure: null,
  fetching: false,
});

export function toolListState(result: QueryObserverResult<OfferableTools>): ToolListState {
  const failure = result.error instanceof AskAiRequestError ? result.error.failure : result.error ? NETWORK : null;
  return { status: result.status, data: result.data, failure, fetching: result.fetchStatus === 'fetching' };
}

export function sameToolListState(a: ToolListState, b: ToolListState): boolean {
  return a.status === b.status && a.data === b.data && a.failure === b.failure && a.fetching === b.fetching;
}
