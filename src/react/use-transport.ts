import { useMemo } from 'react';
import type { AskAiEndpoints, Transport } from '../client';
import type { TransportSettings } from '../editors/dialog-settings';
import { createTransport } from '../client/transport';

const NO_ENDPOINTS: AskAiEndpoints = { tools: '', run: '' };

/** The host's transport, or one made from the props (made anew only when they change). */
export function useTransport(props: TransportSettings): Transport {
  const { transport, endpoints, fetch, headers, credentials, onContractWarning, refreshEndpoints } = props;
  const tools = endpoints?.tools;
  const run = endpoints?.run;
  const cancel = endpoints?.cancel;
  const outcome = endpoints?.outcome;
  return useMemo(
    () =>
      transport ??
      createTransport({
        endpoints: tools !== undefined && run !== undefined ? { tools, run, cancel, outcome } : NO_ENDPOINTS,
        fetch,
        headers,
        credentials,
        onContractWarning,
        refreshEndpoints,
      }),
    [transport, tools, run, cancel, outcome, fetch, headers, credentials, onContractWarning, refreshEndpoints],
  );
}
