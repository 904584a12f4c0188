import { ErrorBodySchema } from '../contract/error-body';
import type { AskAiFailure } from './failure';

export type JsonAnswer =
  { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly failure: AskAiFailure };

/** Whether the answer is HTML: TYPO3 answers an expired session with its login page. */
export function isHtml(response: Response, text?: string): boolean {
  const type = response.headers.get('content-type') ?? '';
  if (/\bhtml\b/i.test(type)) return true;
  return text !== undefined && /^\s*</.test(text);
}

/** The longest wait a `Retry-After` can ask for: past it the dialog offers the retry anyway. */
export const MAX_RETRY_AFTER_SECONDS = 600;

/**
 * `Retry-After` in seconds: delta-seconds or an HTTP date, against the injected clock. Clamped to
 * 1…600 s; no wait at all (or one in the past) is `null`: a retry may go at once.
 */
export function retryAfterSeconds(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  let seconds: number;
  if (/^\s*\d+\s*$/.test(header)) seconds = Number(header);
  else {
    const at = Date.parse(header);
    if (Number.isNaN(at)) return null;
    seconds = Math.ceil((at - now) / 1000);
  }
  return seconds <= 0 ? null : Math.min(seconds, MAX_RETRY_AFTER_SECONDS);
}

function errorMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/** A redirect the client did not follow: an opaque one in a browser, the 3xx itself elsewhere. */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

/** The failure an HTTP status means (CONTRACT.md, HTTP errors), or `null` for a success status. */
export function failureFromStatus(response: Response, body: unknown, now: number): AskAiFailure | null {
  const status = response.status;
  const message = errorMessage(body);
  if (isRedirect(response)) return { kind: 'sessionExpired' };
  if (status >= 200 && status < 300) return null;
  if (status === 400) return { kind: 'badRequest', message };
  // A 401 is TYPO3's "not logged in": the session expired, whatever the body (JSON or a login page).
  if (status === 401) return { kind: 'sessionExpired' };
  if (status === 403) return { kind: 'forbidden', message };
  if (status === 404) return { kind: 'notFound', message };
  if (status === 429) {
    const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
    return {
      kind: 'rateLimited',
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after'), now),
      reason: reason === 'userLimit' || reason === 'siteLimit' ? reason : undefined,
    };
  }
  if (status >= 500) return { kind: 'server', status, message };
  return { kind: 'backend', message };
}

/**
 * Reads a whole JSON answer and classifies it: HTML is an expired session (unless the status says
 * more), a failing status or `success: false` is the backend's error, anything unreadable is an
 * `invalidResponse`. Never throws. A run's unstreamed answer reads `success: false` itself
 * (`successFalseIsError: false`): it may be a guardrail or a cancellation.
 */
export async function readJsonAnswer(
  response: Response,
  now: number,
  options: { readonly successFalseIsError?: boolean } = {},
): Promise<JsonAnswer> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { ok: false, failure: { kind: 'connectionLost' } };
  }
  const html = isHtml(response, text);
  let body: unknown;
  let parsed = false;
  if (!html) {
    try {
      body = JSON.parse(text);
      parsed = true;
    } catch {
      // Judged below.
    }
  }
  const byStatus = failureFromStatus(response, body, now);
  if (byStatus !== null) {
    return { ok: false, failure: byStatus };
  }
  if (html) return { ok: false, failure: { kind: 'sessionExpired' } };
  if (!parsed) return { ok: false, failure: { kind: 'invalidResponse', detail: 'The answer is not JSON.' } };
  if ((options.successFalseIsError ?? true) && ErrorBodySchema.safeParse(body).success)
    return { ok: false, failure: { kind: 'backend', message: errorMessage(body) } };
  return { ok: true, body };
}
