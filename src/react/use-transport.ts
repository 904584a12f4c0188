import { useMemo } from 'react';
import type { AskAiEndpoints, ContractWarning, HeadersValue, Transport } from '../client';
import { createTransport } from '../client/transport';

export interface TransportProps {
  /** The backend's URLs (in TYPO3: `typo3Endpoints(...)`). Required unless `transport` is given. */
  readonly endpoints?: AskAiEndpoints | undefined;
  /** A transport made with `createTransport`, used as it is. */
  readonly transport?: Transport | undefined;
  readonly fetch?: typeof fetch | undefined;
  /** Extra headers, or a function resolved on every request (token refresh). */
  readonly headers?: HeadersValue | undefined;
  /** Default `same-origin`. */
  readonly credentials?: RequestCredentials | undefined;
  /** What the client noticed that is not an error for the editor (never the console). */
  readonly onContractWarning?: ((warning: ContractWarning) => void) | undefined;
  /**
   * Fresh endpoints after the backend session expired and the editor logged in again (TYPO3:
   * `typo3EndpointsRefresh(routes)`; the CKEditor plugin sets it from `routes.routes`).
   */
  readonly refreshEndpoints?: (() => Promise<AskAiEndpoints | null>) | undefined;
}

const NO_ENDPOINTS: AskAiEndpoints = { tools: '', run: '' };

/** The host's transport, or one made from the props (made anew only when they change). */
export function useTransport(props: TransportProps): Transport {
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
