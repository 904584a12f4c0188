import { request as httpRequest } from 'node:http';
import { SESSION_COOKIE } from './login';

/** A backend's answer to a request sent outside the browser, with its `Retry-After`. */
export interface PlainAnswer {
  readonly status: number;
  readonly type: string;
  readonly retryAfter: string | null;
  readonly text: string;
}

/**
 * One request with a backend session's cookie, sent by Node's HTTP client on a connection of its own (no
 * keep-alive): a request never waits behind another on a connection a busy worker holds, and any number go
 * at once (no browser limit of six connections per host). A POST carries `body` as JSON.
 */
export function plainRequest(
  url: URL,
  session: string,
  body?: unknown,
  accept = 'application/x-ndjson, application/json',
): Promise<PlainAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: payload === undefined ? 'GET' : 'POST',
        agent: false,
        headers: {
          cookie: `${SESSION_COOKIE}=${session}`,
          accept,
          // The backend answers a page request without its own referrer with a page that reloads itself.
          referer: new URL('/typo3/main', url).href,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}
