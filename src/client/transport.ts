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
  /**
   * Fresh endpoints after the backend session expired: the next request asks for them first, once the
   * editor has logged in again (TYPO3's route URLs carry a token of the session that issued them; see
   * `typo3EndpointsRefresh`). `null` while there are none (still logged out): the old ones are kept.
   */
  readonly refreshEndpoints?: (() => Promise<AskAiEndpoints | null>) | undefined;
}

/** An endpoint's URL, picked from the endpoints in force when the request is sent. */
export type EndpointUrl = string | ((endpoints: AskAiEndpoints) => string | undefined);

export interface Transport {
  /** The endpoints in force (fresh ones after a session that expired, where the host gives them). */
  readonly endpoints: AskAiEndpoints;
  send(url: EndpointUrl, init: RequestInit): Promise<Response>;
  warn(warning: ContractWarning): void;
}

/** A backend that answers as an expired session does: a redirect (to its login), 401, or an HTML page. */
function looksExpired(response: Response): boolean {
  // A host's fetch may hand back something Response-like without headers: it is read, never trusted.
  const type = typeof response.headers?.get === 'function' ? (response.headers.get('content-type') ?? '') : '';
  return (
    response.type === 'opaqueredirect' ||
    response.status === 401 ||
    (response.status >= 300 && response.status < 400) ||
    /\bhtml\b/i.test(type)
  );
}

/** The HTTP side of the client: endpoints, headers, credentials and the host's `fetch`. */
export function createTransport(options: TransportOptions): Transport {
  let endpoints = options.endpoints;
  /** The last answer looked like an expired session: ask for fresh endpoints before the next request. */
  let stale = false;
  return {
    get endpoints() {
      return endpoints;
    },
    async send(target, init) {
      if (stale && options.refreshEndpoints) {
        try {
          const fresh = await options.refreshEndpoints();
          if (fresh) {
            endpoints = fresh;
            stale = false;
          }
        } catch {
          // Still logged out, or the host could not tell: the request goes with what there is.
        }
      }
      const url = (typeof target === 'function' ? target(endpoints) : target) ?? '';
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
      if (looksExpired(response)) stale = true;
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
