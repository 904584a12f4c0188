/**
 * The faults the simulated backend can play, chosen per request (`X-Ask-Ai-Fault: <id>`) or as a
 * standing setting. An HTTP fault hits the run endpoint; prefix it with `tools:` to hit the tools
 * endpoint instead (`tools:forbidden`).
 */
export const FAULTS = {
  latency: 'Waits 3 s before answering.',
  'network-error': 'No HTTP answer at all: the connection fails.',
  'bad-request': '400 with a JSON error.',
  unauthorized: '401 with a JSON error.',
  forbidden: '403 with a JSON error.',
  'not-found': '404 with a JSON error.',
  'rate-limited': '429 with `Retry-After: 30`.',
  'server-error': '500 with a JSON error.',
  'server-error-html': '500 with an HTML page, no JSON.',
  'session-expired': "200 with TYPO3's HTML login page.",
  'malformed-json': '200 `application/json` that is not JSON.',
  'schema-violation': 'A tools answer without `tools`; a run whose `done` lacks `finalContent`.',
  'truncated-stream': 'The stream breaks off in the middle of a line.',
  'no-terminal': 'The stream ends cleanly without a terminal event.',
  'stalled-stream': 'The stream sends its first events, then nothing until the client gives up.',
  'suspend-approval': '`awaiting_approval` for a writer, with a `runUuid`.',
  'suspend-approval-no-uuid': '`awaiting_approval` without a `runUuid`.',
  'suspend-input': '`awaiting_input` with a `runUuid`.',
  guardrail: '`guardrail_blocked`.',
  'budget-exhausted': '`done` with an empty answer, `truncated`, `budget_exhausted`.',
  'lease-lost': 'An outcome the client does not know: `lease_lost`, `success: false`.',
  cancelled: '`cancelled` by the backend.',
} as const;

export type FaultId = keyof typeof FAULTS;

export const FAULT_IDS = Object.keys(FAULTS) as FaultId[];

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(FAULTS, id);
}

/** The faults that answer before any work, as HTTP responses. */
export const HTTP_FAULTS: ReadonlySet<FaultId> = new Set([
  'network-error',
  'bad-request',
  'unauthorized',
  'forbidden',
  'not-found',
  'rate-limited',
  'server-error',
  'server-error-html',
  'session-expired',
  'malformed-json',
]);

export const LOGIN_PAGE =
  '<!DOCTYPE html><html lang="en"><head><title>TYPO3 ' +
  'Login</title></head><body><form id="typo3-login-form" method="post"><label>Username <input ' +
  'name="username"></label><label>Password <input type="password" ' +
  'name="p_field"></label><button>Login</button></form></body></html>';

export function httpFault(id: FaultId): Response {
  const json = (status: number, error: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ success: false, error }), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  switch (id) {
    case 'network-error':
      return Response.error();
    case 'bad-request':
      return json(400, 'Invalid configuration or prompt');
    case 'unauthorized':
      return json(401, 'You are not logged in.');
    case 'forbidden':
      return json(403, 'You are not allowed to use AI tasks.');
    case 'not-found':
      return json(404, 'The configuration does not exist.');
    case 'rate-limited':
      return json(429, 'Too many requests.', { 'Retry-After': '30' });
    case 'server-error':
      return json(500, 'RuntimeException: The provider did not answer.');
    case 'server-error-html':
      return new Response('<html><body><h1>500 Internal Server Error</h1></body></html>', {
        status: 500,
        headers: { 'Content-Type': 'text/html' },
      });
    case 'session-expired':
      return new Response(LOGIN_PAGE, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    default:
      return new Response('{"success": tru', { status: 200, headers: { 'Content-Type': 'application/json' } });
  }
}
