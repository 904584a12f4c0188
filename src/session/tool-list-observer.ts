import { QueryObserver, type QueryClient } from '@tanstack/query-core';
import type { OfferableTools } from '../client/offerable-tools';
import {
  NO_TOOLS,
  sameToolListState,
  toolListState,
  type ToolListState,
  type ToolsQueryKey,
  type toolsQueryOptions,
} from './tools-query';

type ToolsQuery = ReturnType<typeof toolsQueryOptions>;
type ToolsObserver = QueryObserver<OfferableTools, Error, OfferableTools, OfferableTools, ToolsQueryKey>;

/**
 * The session's view of the tool list: a `QueryObserver` on the host's (or the session's own)
 * `QueryClient`, fetching only while the dialog is active, telling `changed` when what the dialog shows of
 * the list changes, and the one place that fetches, prefetches and reads the cached list.
 */
export function createToolListObserver(initial: QueryClient, query: () => ToolsQuery, changed: () => void) {
  let client = initial;
  let active = false;
  const observerOptions = () => ({ ...query(), enabled: active });
  let observer: ToolsObserver = new QueryObserver(client, observerOptions());
  let state: ToolListState = NO_TOOLS;
  let unsubscribe: (() => void) | null = null;

  const onResult = () => {
    const next = toolListState(observer.getCurrentResult());
    if (sameToolListState(next, state)) return;
    state = next;
    changed();
  };
  const attach = () => {
    if (unsubscribe) return;
    unsubscribe = observer.subscribe(onResult);
    onResult();
  };
  const detach = () => {
    unsubscribe?.();
    unsubscribe = null;
  };

  return {
    state: () => state,
    /** Listens while the session has listeners. */
    attach,
    detach,
    /** The transport or the configuration changed: another list. */
    reconfigure() {
      observer.setOptions(observerOptions());
      onResult();
    },
    /** Another `QueryClient`: a new observer on it, listening if the old one was. */
    replaceClient(next: QueryClient) {
      const listening = unsubscribe !== null;
      detach();
      client = next;
      observer = new QueryObserver(client, observerOptions());
      if (listening) attach();
      else onResult();
    },
    /** Fetches only while the dialog is open (or about to be). */
    setActive(next: boolean) {
      active = next;
      observer.setOptions(observerOptions());
      onResult();
    },
    cached: (): OfferableTools | undefined => client.getQueryData<OfferableTools>(query().queryKey),
    fetch: (fresh: boolean) => client.fetchQuery({ ...query(), ...(fresh ? { staleTime: 0 } : {}) }),
    prefetch: () => void client.prefetchQuery(query()),
  };
}
