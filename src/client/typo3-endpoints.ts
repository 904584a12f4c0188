import type { AskAiEndpoints } from './transport';

export interface Typo3Routes {
  readonly tools: string;
  readonly run: string;
  readonly cancel?: string | undefined;
  readonly outcome?: string | undefined;
  /** A public route that answers the current session's URLs of the others (`typo3EndpointsRefresh`). */
  readonly routes?: string | undefined;
}

interface Typo3Global {
  readonly settings?: { readonly ajaxUrls?: Record<string, unknown> };
}

/**
 * Takes the endpoints from TYPO3's `TYPO3.settings.ajaxUrls` by route id. The URLs already carry the
 * route `token` (CSRF); they are used as they are and never rebuilt.
 *
 * @param ajaxUrls defaults to `globalThis.TYPO3.settings.ajaxUrls`, read when called (never on import).
 * @throws TypeError naming the route when a required one is missing: a set-up error for the host.
 */
export function typo3Endpoints(routes: Typo3Routes, ajaxUrls?: Record<string, unknown>): AskAiEndpoints {
  const urls = ajaxUrls ?? (globalThis as { TYPO3?: Typo3Global }).TYPO3?.settings?.ajaxUrls ?? {};
  const url = (route: string): string => {
    const value = urls[route];
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`ask-ai-dialog: TYPO3.settings.ajaxUrls has no URL for the route "${route}".`);
    }
    return value;
  };
  const optional = (route: string | undefined) =>
    route !== undefined && typeof urls[route] === 'string' ? url(route) : undefined;
  return {
    tools: url(routes.tools),
    run: url(routes.run),
    cancel: optional(routes.cancel),
    outcome: optional(routes.outcome),
  };
}

/**
 * Fresh endpoints for a transport (`refreshEndpoints`) after the TYPO3 session expired and the editor
 * logged in again: TYPO3's route URLs carry a token of the session that issued them, so the old ones
 * keep failing. The extension's public route `ask_ai_routes` (`routes.routes`) answers the current
 * session's URLs, each with its new token; while nobody is logged in it answers 401 and this `null`.
 * `undefined` where TYPO3 published no such route.
 */
export function typo3EndpointsRefresh(
  routes: Typo3Routes,
  ajaxUrls?: Record<string, unknown>,
  fetchFn?: typeof fetch,
): (() => Promise<AskAiEndpoints | null>) | undefined {
  const urls = ajaxUrls ?? (globalThis as { TYPO3?: Typo3Global }).TYPO3?.settings?.ajaxUrls ?? {};
  const routesUrl = routes.routes !== undefined ? urls[routes.routes] : undefined;
  if (typeof routesUrl !== 'string' || routesUrl === '') return undefined;
  return async () => {
    const response = await (fetchFn ?? globalThis.fetch)(routesUrl, {
      credentials: 'same-origin',
      redirect: 'manual',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok || !/json/i.test(response.headers.get('content-type') ?? '')) return null;
    const body = (await response.json()) as { routes?: unknown };
    if (typeof body.routes !== 'object' || body.routes === null) return null;
    return typo3Endpoints(routes, body.routes as Record<string, unknown>);
  };
}
