import { describe, expect, it, vi } from 'vitest';
import {
  AskAiRequestError,
  createTransport,
  offerableTools,
  type AskAiFailure,
  type ContractWarning,
} from '../../src/client';
import { ENDPOINTS, simulated } from '../support/backend-fetch';
import { manualTimers } from '../support/manual-timers';

const traits = { approvalMarker: false, remote: false, remoteApproval: null, effect: null, requiresInput: false };

function answering(body: unknown, init: ResponseInit = { headers: { 'Content-Type': 'application/json' } }) {
  const warnings: ContractWarning[] = [];
  const transport = createTransport({
    endpoints: ENDPOINTS,
    fetch: (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), init)) as typeof fetch,
    onContractWarning: (w) => warnings.push(w),
  });
  return { transport, warnings };
}

async function failureOf(promise: Promise<unknown>): Promise<AskAiFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AskAiRequestError);
    return (error as AskAiRequestError).failure;
  }
  throw new Error('expected a rejection');
}

describe('offerableTools against the simulated backend', () => {
  it(
    'offers an editor the unattended tools and withholds the ' + 'writers, the marker and the input tool, with reasons',
    async () => {
      const { fetch } = simulated();
      const result = await offerableTools(createTransport({ endpoints: ENDPOINTS, fetch }), {
        configuration: 'default',
      });
      const names = result.unattended.map((t) => t.name);
      expect(names).toContain('get_page_content');
      expect(names).toContain('partner_glossary_lookup');
      expect(names).not.toContain('read_web_page');
      expect(names.some((n) => n.startsWith('mcp_'))).toBe(false);
      const withheld = Object.fromEntries(result.withheld.map((t) => [t.name, t.reason]));
      expect(withheld).toMatchObject({
        update_page_metadata: 'writeEffect',
        create_page_draft: 'writeEffect',
        publish_preview_link: 'approvalMarker',
        read_web_page: 'approvalMarker',
        ask_editor_for_tone: 'requiresInput',
      });
    },
  );

  it('sends the configuration as a query parameter after the token', async () => {
    const { fetch, requests } = simulated({ requireToken: 'tok' });
    const transport = createTransport({ endpoints: { ...ENDPOINTS, tools: `${ENDPOINTS.tools}?token=tok` }, fetch });
    await offerableTools(transport, { configuration: 'private' });
    expect(new URL(requests[0]!.url).search).toBe('?token=tok&configuration=private');
  });
});

describe('offerableTools against crafted answers', () => {
  it('withholds a malformed entry under its name and uses the rest', async () => {
    const { transport, warnings } = answering({
      success: true,
      tools: [{ name: 'good', traits }, { name: 'bad', traits: { ...traits, effect: 'delete' } }, { traits }, 'junk'],
    });
    const result = await offerableTools(transport);
    expect(result.unattended.map((t) => t.name)).toEqual(['good']);
    expect(result.withheld.map((t) => [t.name, t.reason])).toEqual([
      ['bad', 'malformed'],
      ['', 'malformed'],
      ['', 'malformed'],
    ]);
    expect(warnings.filter((w) => w.code === 'malformedTool')).toHaveLength(3);
  });

  it('offers only what both the client and the server call unattended, and reports each disagreement', async () => {
    const { transport, warnings } = answering({
      success: true,
      tools: [
        { name: 'a', traits },
        { name: 'b', traits },
        { name: 'w', traits: { ...traits, effect: 'idempotent_write' } },
      ],
      unattended: ['a', 'w'],
    });
    const result = await offerableTools(transport);
    expect(result.unattended.map((t) => t.name)).toEqual(['a']);
    expect(result.withheld).toEqual([
      expect.objectContaining({ name: 'b', reason: 'serverDisagrees' }),
      expect.objectContaining({ name: 'w', reason: 'writeEffect' }),
    ]);
    expect(warnings.filter((w) => w.code === 'serverDisagrees')).toHaveLength(2);
  });

  it('reads an operator declaration on a local tool as not fitting the contract, with a warning', async () => {
    const { transport, warnings } = answering({
      success: true,
      tools: [
        { name: 'local_declared', traits: { ...traits, remoteApproval: false } },
        { name: 'ok', traits },
      ],
    });
    const result = await offerableTools(transport);
    expect(result.unattended.map((t) => t.name)).toEqual(['ok']);
    expect(result.withheld).toEqual([expect.objectContaining({ name: 'local_declared', reason: 'malformed' })]);
    expect(warnings).toEqual([{ code: 'malformedTool', message: 'Tool "local_declared" does not fit the contract.' }]);
  });

  it('ignores server hints on an entry', async () => {
    const { transport } = answering({
      success: true,
      tools: [
        {
          name: 'r',
          readOnlyHint: true,
          destructiveHint: false,
          traits: { ...traits, effect: 'non_idempotent_write' },
        },
      ],
    });
    expect((await offerableTools(transport)).withheld).toEqual([
      expect.objectContaining({ name: 'r', reason: 'writeEffect' }),
    ]);
  });

  it('keeps display fields and shows a twice-listed name once', async () => {
    const { transport } = answering({
      success: true,
      tools: [
        { name: 'a', label: 'Read A', group: 'content', traits },
        { name: 'a', traits },
      ],
    });
    expect((await offerableTools(transport)).unattended).toEqual([
      { name: 'a', label: 'Read A', description: null, group: 'content' },
    ]);
  });

  it.each<[string, unknown, ResponseInit, AskAiFailure['kind']]>([
    [
      'an envelope without tools',
      { success: true },
      { headers: { 'Content-Type': 'application/json' } },
      'invalidResponse',
    ],
    [
      'JSON that is not JSON',
      '{"success": tru',
      { headers: { 'Content-Type': 'application/json' } },
      'invalidResponse',
    ],
    ['a login page', '<!DOCTYPE html><form>', { headers: { 'Content-Type': 'text/html' } }, 'sessionExpired'],
    ['a login page without content type', '<html><body>Login</body></html>', {}, 'sessionExpired'],
    [
      'success: false on 200',
      { success: false, error: 'Budget exhausted' },
      { headers: { 'Content-Type': 'application/json' } },
      'backend',
    ],
    ['403', { success: false, error: 'Denied' }, { status: 403 }, 'forbidden'],
    [
      '401 with JSON (TYPO3: not logged in)',
      { success: false, error: 'Not logged in' },
      { status: 401 },
      'sessionExpired',
    ],
    [
      '401 with HTML',
      '<html>login</html>',
      { status: 401, headers: { 'Content-Type': 'text/html' } },
      'sessionExpired',
    ],
    ['404', { success: false, error: 'No such configuration' }, { status: 404 }, 'notFound'],
    ['400', { success: false, error: 'Bad' }, { status: 400 }, 'badRequest'],
    ['500 with JSON', { success: false, error: 'Boom' }, { status: 500 }, 'server'],
    ['502 with HTML', '<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }, 'server'],
    ['422', { success: false, error: 'Unprocessable' }, { status: 422 }, 'backend'],
  ])('rejects %s as %s', async (_label, body, init, kind) => {
    const { transport } = answering(body, init);
    expect((await failureOf(offerableTools(transport))).kind).toBe(kind);
  });

  it('carries the backend message and Retry-After', async () => {
    expect(
      await failureOf(offerableTools(answering({ success: false, error: 'Denied' }, { status: 403 }).transport)),
    ).toEqual({ kind: 'forbidden', message: 'Denied' });
    const limited = answering(
      { success: false, error: 'Slow down' },
      { status: 429, headers: { 'Retry-After': '30' } },
    );
    expect(await failureOf(offerableTools(limited.transport))).toEqual({ kind: 'rateLimited', retryAfterSeconds: 30 });
    const dated = answering('', { status: 429, headers: { 'Retry-After': new Date(90_000).toUTCString() } });
    expect(await failureOf(offerableTools(dated.transport, { now: () => 30_000 }))).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: 60,
    });
  });

  it('rejects a network failure as network', async () => {
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    expect(await failureOf(offerableTools(transport))).toEqual({ kind: 'network' });
  });

  it('sends nothing, and leaves no timer, when its signal was aborted before it began', async () => {
    const sent: string[] = [];
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: (async (url: RequestInfo | URL) => {
        sent.push(String(url));
        return new Response('{}');
      }) as typeof fetch,
    });
    const timers: string[] = [];
    const gone = AbortSignal.abort();
    const failure = failureOf(
      offerableTools(transport, {
        signal: gone,
        timers: {
          setTimeout: () => timers.push('set'),
          clearTimeout: () => undefined,
        },
      }),
    );
    expect(await failure).toEqual({ kind: 'network' });
    expect(sent).toEqual([]);
    expect(timers).toEqual([]);
  });

  it('asks for JSON, and stops the request when its caller gives up, leaving no timer or listener', async () => {
    let sent: Request | undefined;
    const transport = createTransport({
      endpoints: ENDPOINTS,
      // A list that never comes: only the caller's abort ends it.
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        sent = new Request(new URL(String(input), 'http://localhost'), init);
        return new Promise<never>(() => undefined);
      }) as typeof fetch,
    });
    const timers = manualTimers();
    const caller = new AbortController();
    const removed = vi.spyOn(caller.signal, 'removeEventListener');
    const failure = failureOf(offerableTools(transport, { signal: caller.signal, timers }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent!.headers.get('Accept')).toBe('application/json');
    caller.abort();
    expect(await failure).toEqual({ kind: 'network' });
    expect(sent!.signal.aborted).toBe(true);
    expect(timers.pending()).toBe(0);
    expect(removed.mock.calls.filter((call) => call[0] === 'abort')).toHaveLength(1);
  });
});
