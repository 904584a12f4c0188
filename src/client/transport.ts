import type { ContractWarning } from './failure';

export interface AskAiEndpoints {
  /** `GET`: the offerable tools; `?configuration=` is appended. */
  readonly tools: string;
  /** `POST`: runs one task. */
  readonly run: string;
  /** `POST`: cancels a run (optional; without it Stop only aborts the request). */
  readonly cancel?: string | undefined;
  /** `POST`: the editor's verdict on an answer, "Helpful" / "Not helpful" (optional). */
  readonly outcome?: string | undefined;
}

export type HeadersValue = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

export interface TransportOptions {
  readonly endpoints: AskAiEndpoints;
  /** Defaults to the global `fetch`, looked up on every request. */
  readonly fetch?: typeof fetch | undefined;
  /** Extra headers, or a function resolved on every request (token refresh). */
  readonly headers?: HeadersValue | undefined;
  /** Default `same-origin`: the backend session cookie authenticates. */
  readonly credentials?: RequestCredentials | undefined;
  /** Receives what the client noticed that is not an error for the editor. */
  readonly onContractWarning?: ((warning: ContractWarning) => void) | undefined;
}

export interface Transport {
  readonly endpoints: AskAiEndpoints;
  send(url: string, init: RequestInit): Promise<Response>;
  warn(warning: ContractWarning): void;
}

/** The HTTP side of the client: endpoints, headers, credentials and the host's `fetch`. */
export function createTransport(options: TransportOptions): Transport {
  return {
    endpoints: options.endpoints,
    async send(url, init) {
      // No URL for this endpoint: read as the contract's 404, "the endpoint is not configured".
      if (url === '')
        return new Response(JSON.stringify({ success: false, error: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        });
      const headers = new Headers(typeof options.headers === 'function' ? await options.headers() : options.headers);
      new Headers(init.headers).forEach((value, key) => headers.set(key, value));
      const doFetch = options.fetch ?? globalThis.fetch;
      // Redirects are never followed: a 307/308 would carry the prompt, the editor's text and the host's
      // headers to wherever it points. A redirect on these routes is TYPO3 sending an expired session
      // to its login page; it reads as that (see readJsonAnswer).
      const response = await doFetch(url, {
        ...init,
        headers,
        credentials: options.credentials ?? 'same-origin',
        redirect: 'manual',
      });
      // A host's fetch may hand back `Response.error()` instead of rejecting: it is a network failure all the same.
      if (response.type === 'error') throw new TypeError('Network error');
      return response;
    },
    warn(warning) {
      try {
        options.onContractWarning?.(warning);
      } catch {
        // A host callback that throws must not break a run.
      }
    },
  };
}

/** Appends query parameters to a URL the host gave, without rebuilding it (TYPO3's `token` stays). */
export function appendQuery(url: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  if (query === '') return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${hash}`;
}
