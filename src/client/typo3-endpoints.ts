import type { AskAiEndpoints } from './transport';

export interface Typo3Routes {
  readonly tools: string;
  readonly run: string;
  readonly cancel?: string | undefined;
  readonly outcome?: string | undefined;
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
