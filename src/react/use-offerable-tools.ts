import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { offerableTools, type OfferableTools, type Transport } from '../client';

/** How long a fetched tool list counts as fresh: long enough to open the dialog twice, short enough to notice a changed setting. */
export const TOOLS_STALE_TIME_MS = 60_000;

function toolsQuery(transport: Transport, configuration: string | undefined) {
  return {
    queryKey: ['ask-ai-dialog', 'tools', transport.endpoints.tools, configuration ?? null] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => offerableTools(transport, { configuration, signal }),
    staleTime: TOOLS_STALE_TIME_MS,
    // A failure is shown with its own retry action; the editor decides when to ask again.
    retry: false,
  };
}

/** The tools this user may offer, narrowed to the unattended ones (TanStack Query over the client). */
export function useOfferableTools(transport: Transport, configuration: string | undefined, enabled = true) {
  const query = useQuery<OfferableTools>({ ...toolsQuery(transport, configuration), enabled });
  const client = useQueryClient();
  const prefetch = useCallback(
    () => void client.prefetchQuery(toolsQuery(transport, configuration)),
    [client, transport, configuration],
  );
  /** Fetches the list anew, whatever its age; resolves with the fresh list, or `undefined` when it failed. */
  const refetchFresh = useCallback(
    () => client.fetchQuery({ ...toolsQuery(transport, configuration), staleTime: 0 }).catch(() => undefined),
    [client, transport, configuration],
  );
  /** The list as cached, or fetched now when there is none; `undefined` when it cannot be had. */
  const ensure = useCallback(
    () => client.ensureQueryData(toolsQuery(transport, configuration)).catch(() => undefined),
    [client, transport, configuration],
  );
  return { query, prefetch, refetchFresh, ensure };
}
