import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OfferableTools, Transport } from '../client';
import { toolsQueryOptions } from '../session/tools-query';

/**
 * The tools this user may offer, narrowed to the unattended ones (TanStack Query over the client),
 * for a host that builds its own UI. It shares its cache entry with the dialog's session.
 */
export function useOfferableTools(transport: Transport, configuration: string | undefined, enabled = true) {
  const query = useQuery<OfferableTools>({ ...toolsQueryOptions(transport, configuration), enabled });
  const client = useQueryClient();
  const prefetch = useCallback(
    () => void client.prefetchQuery(toolsQueryOptions(transport, configuration)),
    [client, transport, configuration],
  );
  return { query, prefetch };
}
