import { describe, expect, it } from 'vitest';
import { createRunController, createTransport, offerableTools, type RunSnapshot } from '../../src/client';
import { BUILTIN_TOOLS, FAULT_IDS, createSimulatedBackend } from '../../src/mock-backend';
import { ENDPOINTS, ORIGIN, simulated, until } from '../support/backend-fetch';

/** Posts one streamed run to a simulated backend's fetch; its NDJSON lines, as sent (padding and all). */
async function streamedLines(fetch: typeof globalThis.fetch, body: Record<string, unknown>): Promise<string[]> {
  const response = await fetch(ENDPOINTS.run, {
    method: 'POST',
    headers: { Accept: 'application/x-ndjson' },
    body: JSON.stringify({ tools: [], stream: true, ...body }),
  });
  return (await response.text()).split('\n').filter((line) => line.trim() !== '');
}

const ARTICLE =
  'The city council approved the new cycle lanes on Monday. The lanes connect the station with the university. ' +
  'Construction of the cycle lanes starts in spring and takes six ' +
  'months. Residents asked for safer cycle routes for years. ' +
  'The council also discussed parking fees, but made no decision.';

async function tools(options: Parameters<typeof simulated>[0] = {}, configuration = 'default') {
  const { fetch, backend } = simulated(options);
  return { backend, result: await offerableTools(createTransport({ endpoints: ENDPOINTS, fetch }), { configuration }) };
}

async function runTask(
  prompt: string,
  opts: {
    tools?: string[];
    context?: object;
    backend?: Parameters<typeof simulated>[0];
    headers?: Record<string, string>;
    accept?: string;
  } = {},
) {
  const sim = simulated(opts.backend);
  const offered =
    opts.tools ??
    (await offerableTools(createTransport({ endpoints: ENDPOINTS, fetch: sim.fetch }))).unattended.map((t) => t.name);
  const transport = createTransport({ endpoints: ENDPOINTS, fetch: sim.fetch, headers: opts.headers });
  const controller = createRunController({ transport });
  controller.start({ prompt, context: opts.context, tools: offered });
  await until(() => controller.getSnapshot().status !== 'running');
  return { snapshot: controller.getSnapshot(), ...sim };
}

describe('registry', () => {
  it('has the 48 nr-llm builtins, 7 of them writers that are off by default', () => {
    expect(BUILTIN_TOOLS).toHaveLength(48);
    expect(new Set(BUILTIN_TOOLS.map((t) => t.name)).size).toBe(48);
    const writers = BUILTIN_TOOLS.filter((t) => t.effect !== null);
    expect(writers.map((t) => t.name).sort()).toEqual(
      [
        'attach_file_to_content_element',
        'create_content_element_draft',
        'create_page_draft',
        'create_translation_draft',
        'move_content_element',
        'set_file_alternative_text',
        'update_page_metadata',
      ].sort(),
    );
    expect(writers.every((t) => !t.enabledByDefault && t.group === 'editing')).toBe(true);
  });
});

describe('policy gates, users and configurations', () => {
  it(
    'gives an editor in the default zone the content, files, rag and ' +
      'editing groups only, no admin tool, no MCP tool',
    async () => {
      const { result } = await tools();
      const all = [...result.unattended, ...result.withheld];
      expect(new Set(all.map((t) => t.group))).toEqual(new Set(['content', 'files', 'rag', 'editing']));
      expect(all.some((t) => t.name === 'read_fal_asset_meta' || t.name.startsWith('mcp_'))).toBe(false);
    },
  );

  it(
    'gives an administrator in a local zone the admin tools and ' + 'both MCP servers, judged by their declarations',
    async () => {
      const { result } = await tools({ initialState: { user: 'admin' } }, 'local');
      expect(result.unattended.map((t) => t.name)).toEqual(
        expect.arrayContaining(['mcp_docs_search', 'get_site_config', 'list_be_users']),
      );
      expect(result.withheld).toContainEqual(
        expect.objectContaining({ name: 'mcp_crm_lookup_customer', reason: 'remoteDeclaration' }),
      );
      expect(result.unattended.map((t) => t.name)).not.toContain('get_env_raw');
    },
  );

  it('keeps the trust-zone ceiling: an EU zone reaches configuration tools, not system diagnostics', async () => {
    const { result } = await tools({ initialState: { user: 'admin' } }, 'eu-hosted');
    const names = result.unattended.map((t) => t.name);
    expect(names).toContain('get_tca');
    expect(names).not.toContain('get_system_status');
    expect(names).not.toContain('mcp_crm_lookup_customer');
  });

  it('narrows to the configuration’s allowed groups', async () => {
    const { result } = await tools({}, 'content-only');
    expect(new Set([...result.unattended, ...result.withheld].map((t) => t.group))).toEqual(
      new Set(['content', 'rag']),
    );
  });

  it('refuses a user without the grant with 403, and an unknown configuration with 404', async () => {
    await expect(tools({ initialState: { user: 'no-grant' } })).rejects.toMatchObject({
      failure: { kind: 'forbidden' },
    });
    await expect(tools({}, 'nope')).rejects.toMatchObject({ failure: { kind: 'notFound' } });
  });

  it('follows the operator settings: writers off, web page reader free, docs server approval-bound', async () => {
    const { result } = await tools(
      {
        initialState: {
          user: 'admin',
          configuration: 'local',
          operator: {
            editingWritersEnabled: false,
            webPageReaderRequiresApproval: false,
            mcpDocsRequiresApproval: true,
          },
        },
      },
      'local',
    );
    const names = result.unattended.map((t) => t.name);
    expect(names).toContain('read_web_page');
    expect([...result.unattended, ...result.withheld].some((t) => t.group === 'editing')).toBe(false);
    expect(result.withheld).toContainEqual(
      expect.objectContaining({ name: 'mcp_docs_search', reason: 'remoteDeclaration' }),
    );
  });

  it('sends server hints on remote tools and agrees with the client everywhere', async () => {
    const sim = simulated({ initialState: { user: 'admin' } });
    const warnings: unknown[] = [];
    const response = await sim.fetch(`${ENDPOINTS.tools}?configuration=local`);
    const body = (await response.json()) as { tools: Array<Record<string, unknown>> };
    expect(body.tools.find((t) => t.name === 'mcp_crm_lookup_customer')).toMatchObject({ readOnlyHint: true });
    await offerableTools(
      createTransport({ endpoints: ENDPOINTS, fetch: sim.fetch, onContractWarning: (w) => warnings.push(w) }),
      { configuration: 'local' },
    );
    expect(warnings).toEqual([]);
  });

  it('requires the route token when configured, and keeps other query parameters', async () => {
    const sim = simulated({ requireToken: 'T' });
    expect((await sim.fetch(ENDPOINTS.tools)).status).toBe(403);
    expect((await sim.fetch(`${ENDPOINTS.tools}?token=T&configuration=default`)).status).toBe(200);
  });

  it('serves any origin under its base path', async () => {
    const backend = createSimulatedBackend({ basePath: '/typo3/ajax/ask-ai', initialState: { latency: 0 } });
    expect((await backend.handle(new Request('https://elsewhere.example/typo3/ajax/ask-ai/tools'))).status).toBe(200);
    expect((await backend.handle(new Request('https://elsewhere.example/other/tools'))).status).toBe(404);
  });
});

describe('the scripted model', () => {
  it('summarises the given text with its own sentences', async () => {
    const { snapshot } = await runTask('Summarise this text in two sentences.', { context: { selection: ARTICLE } });
    expect(snapshot.status).toBe('done');
    const sentences = snapshot.answer!.split(/(?<=\.)\s+/);
    expect(sentences).toHaveLength(2);
    for (const s of sentences) expect(ARTICLE).toContain(s);
  });

  it('shortens, lists keywords, writes an alt text and improves, all from the given text', async () => {
    const short = (await runTask('Shorten this text.', { context: { selection: ARTICLE } })).snapshot.answer!;
    expect(short.length).toBeLessThan(ARTICLE.length);
    const keywords = (await runTask('Suggest keywords.', { context: { document: ARTICLE } })).snapshot.answer!;
    expect(keywords).toMatch(/^- cycle$/m);
    const alt = (
      await runTask('Write the alt text.', {
        context: { selection: 'This image shows a red tram crossing the old stone bridge at dusk. People wave.' },
      })
    ).snapshot.answer!;
    expect(alt).toBe('A red tram crossing the old stone bridge at dusk');
    const improved = (await runTask('Improve the text', { context: { selection: 'the the lanes are new , and safe' } }))
      .snapshot.answer!;
    expect(improved).toBe('The lanes are new, and safe.');
  });

  it('answers Improve and "more formal" with visibly different text, so the demo’s changes show some', async () => {
    const garden = 'The garden is open every day from ten to six while the weather allows. Entry is free.';
    const improved = (await runTask('Improve the text', { context: { selection: garden } })).snapshot.answer!;
    expect(improved).toBe('The garden is open daily from 10:00 to 18:00 weather permitting. Admission is free.');
    const formal = (
      await runTask('More formal', {
        context: { selection: garden, previousAnswer: 'Kids can borrow books for free.' },
      })
    ).snapshot.answer!;
    expect(formal).toBe('Children may borrow books free of charge.');
  });

  it('reads the record through get_page_content when offered, and not when it is not', async () => {
    const withTool = await runTask('Summarise the page.', { context: { recordTable: 'pages', recordUid: 12 } });
    expect(withTool.snapshot.steps.filter((s) => s.kind === 'tool').map((s) => [s.toolName, s.status])).toEqual([
      ['get_page_content', 'done'],
    ]);
    expect(withTool.snapshot.answer).toContain('library');
    const without = await runTask('Summarise the page.', {
      tools: [],
      context: { recordTable: 'pages', recordUid: 12 },
    });
    expect(without.snapshot.steps.some((s) => s.kind === 'tool')).toBe(false);
  });
});

describe('the server-side re-check', () => {
  it('never runs a tool the request did not carry, nor one the rule withholds', async () => {
    const { snapshot } = await runTask('Summarise the page.', {
      tools: ['update_page_metadata', 'ask_editor_for_tone'],
      context: { recordTable: 'pages', recordUid: 1 },
    });
    expect(snapshot.steps.some((s) => s.kind === 'tool')).toBe(false);
  });

  it('refuses a withheld tool the model tries to call, and never pauses for it', async () => {
    const { snapshot } = await runTask('Call update_page_metadata and ask_editor_for_tone, then summarise.', {
      tools: ['update_page_metadata', 'ask_editor_for_tone', 'get_page_content'],
      context: { selection: ARTICLE },
    });
    expect(snapshot.status).toBe('done');
    const tried = snapshot.steps.filter((s) => s.kind === 'tool').map((s) => [s.toolName, s.status]);
    expect(tried).toEqual([
      ['update_page_metadata', 'failed'],
      ['ask_editor_for_tone', 'failed'],
    ]);
  });

  it('runs a tool the model names when the re-check lets it through', async () => {
    const { snapshot } = await runTask('Use get_page_content, then summarise.', {
      tools: ['get_page_content'],
      context: { selection: ARTICLE },
    });
    expect(snapshot.steps.filter((s) => s.kind === 'tool').map((s) => [s.toolName, s.status])).toEqual([
      ['get_page_content', 'done'],
    ]);
  });

  it('answers 400 to a body without tools or that is not JSON', async () => {
    const { fetch } = simulated();
    const post = (body: string) =>
      fetch(ENDPOINTS.run, { method: 'POST', body, headers: { Accept: 'application/x-ndjson' } });
    const missing = await post(JSON.stringify({ prompt: 'p', stream: true, requestId: 'r' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect((await post('{')).status).toBe(400);
  });
});

describe('protocol modes', () => {
  it(
    'nr-llm: padded lines, a context event, steps, a terminal done ' + 'without started, delta or terminationReason',
    async () => {
      const { fetch } = simulated({ initialState: { protocol: 'nr-llm' } });
      const lines = await streamedLines(fetch, {
        prompt: 'Summarise',
        context: { selection: ARTICLE },
        requestId: 'r',
      });
      expect(lines.every((l) => new TextEncoder().encode(l).length >= 4095)).toBe(true);
      const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(events[0]?.event).toBe('context');
      expect(events.map((e) => e.event)).not.toContain('started');
      expect(events.map((e) => e.event)).not.toContain('delta');
      expect(events.at(-1)).toMatchObject({ event: 'done', success: true });
      expect(events.at(-1)).not.toHaveProperty('terminationReason');
      for (const e of events.filter((e) => e.event === 'step')) {
        expect(Object.keys(e.step as object)).not.toEqual(expect.arrayContaining(['messagesSent']));
        for (const key of ['messagesSent', 'raw', 'thinking', 'toolSpecs']) expect(e.step).not.toHaveProperty(key);
      }
    },
  );

  it('extended: started, deltas that add up to the answer, terminationReason', async () => {
    const { snapshot } = await runTask('Summarise', { context: { selection: ARTICLE } });
    expect(snapshot.runUuid).toMatch(/\w/);
    expect(snapshot.partialAnswer).toBe(snapshot.answer);
    expect(snapshot.terminationReason).toBe('completed');
    expect(snapshot.correlationId).toMatch(/^corr-/);
  });

  it('typo3: a run without tools streams its answer; a run with tools sends steps, the answer whole', async () => {
    const backend = { initialState: { protocol: 'typo3' } } as const;
    const free = await runTask('Summarise', { context: { selection: ARTICLE }, tools: [], backend });
    expect(free.snapshot).toMatchObject({ status: 'done', terminationReason: 'completed' });
    expect(free.snapshot.partialAnswer).toBe(free.snapshot.answer);
    const withTools = await runTask('Summarise', { context: { selection: ARTICLE }, backend });
    expect(withTools.snapshot.status).toBe('done');
    expect(withTools.snapshot.answer).not.toBe('');
    expect(withTools.snapshot.partialAnswer).toBe('');
    expect(withTools.snapshot.steps.length).toBeGreaterThan(0);
  });

  it('typo3: a model round names each call by what it does, never its arguments (nr-llm: the arguments)', async () => {
    const calls = async (protocol: 'typo3' | 'extended') => {
      const { fetch } = simulated({ initialState: { protocol } });
      const offered = (await offerableTools(createTransport({ endpoints: ENDPOINTS, fetch }))).unattended;
      const lines = await streamedLines(fetch, {
        prompt: 'Summarise it with get_page_content.',
        context: { selection: ARTICLE },
        tools: offered.map((t) => t.name),
        requestId: `calls-${protocol}`,
      });
      const events = lines.map(
        (line) => JSON.parse(line) as { step?: { requestedToolCalls?: Array<Record<string, unknown>> } },
      );
      return events.flatMap((event) => event.step?.requestedToolCalls ?? []);
    };
    const typo3 = await calls('typo3');
    expect(typo3.length).toBeGreaterThan(0);
    for (const call of typo3) {
      expect(call).toMatchObject({ name: expect.any(String), activity: expect.any(String) });
      expect(call).not.toHaveProperty('arguments');
    }
    const extended = await calls('extended');
    expect(extended.length).toBeGreaterThan(0);
    for (const call of extended) expect(call).toHaveProperty('arguments');
  });

  it('a model round that calls no tool lists no calls (nr-llm leaves the key out)', async () => {
    for (const protocol of ['typo3', 'extended'] as const) {
      const { fetch } = simulated({ initialState: { protocol } });
      const lines = await streamedLines(fetch, {
        prompt: 'Summarise it.',
        context: { selection: ARTICLE },
        requestId: `no-calls-${protocol}`,
      });
      const steps = lines
        .map((line) => (JSON.parse(line) as { step?: Record<string, unknown> }).step)
        .filter((step) => step?.kind === 'llm');
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) expect(step).not.toHaveProperty('requestedToolCalls');
    }
  });

  it('nr-llm through the client: the same answer, without a partial answer', async () => {
    const { snapshot } = await runTask('Summarise', {
      context: { selection: ARTICLE },
      backend: { initialState: { protocol: 'nr-llm' } },
    });
    expect(snapshot).toMatchObject({ status: 'done', partialAnswer: '', terminationReason: null, runUuid: null });
    expect(snapshot.answer).toBe((await runTask('Summarise', { context: { selection: ARTICLE } })).snapshot.answer);
  });

  it('answers one JSON body when the client does not accept NDJSON', async () => {
    const { fetch } = simulated();
    const response = await fetch(ENDPOINTS.run, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: JSON.stringify({
        prompt: 'Summarise',
        context: { selection: ARTICLE },
        tools: [],
        stream: true,
        requestId: 'r',
      }),
    });
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({
      success: true,
      status: 'completed',
      finalContent: expect.any(String),
      steps: expect.any(Array),
    });
  });
});

describe('faults', () => {
  const expected: Record<string, Partial<RunSnapshot>> = {
    latency: { status: 'done' },
    'network-error': { status: 'failed', failure: { kind: 'network' } },
    'bad-request': { status: 'failed', failure: { kind: 'badRequest', message: 'Invalid configuration or prompt' } },
    unauthorized: { status: 'failed', failure: { kind: 'sessionExpired' } },
    forbidden: { status: 'failed', failure: { kind: 'forbidden', message: 'You are not allowed to use AI tasks.' } },
    'not-found': { status: 'failed', failure: { kind: 'notFound', message: 'The configuration does not exist.' } },
    'rate-limited': { status: 'failed', failure: { kind: 'rateLimited', retryAfterSeconds: 30 } },
    'server-error': {
      status: 'failed',
      failure: { kind: 'server', status: 500, message: 'RuntimeException: The provider did not answer.' },
    },
    'server-error-html': { status: 'failed', failure: { kind: 'server', status: 500, message: null } },
    'session-expired': { status: 'failed', failure: { kind: 'sessionExpired' } },
    'malformed-json': {
      status: 'failed',
      failure: { kind: 'invalidResponse', detail: expect.any(String) as unknown as string },
    },
    'schema-violation': {
      status: 'failed',
      failure: { kind: 'invalidResponse', detail: expect.any(String) as unknown as string },
    },
    'truncated-stream': { status: 'failed', failure: { kind: 'connectionLost' } },
    'no-terminal': { status: 'failed', failure: { kind: 'connectionLost' } },
    'suspend-approval': {
      status: 'suspended',
      failure: {
        kind: 'suspendedForApproval',
        tools: ['update_page_metadata'],
        runUuid: expect.any(String) as unknown as string,
      },
    },
    'suspend-approval-no-uuid': {
      status: 'suspended',
      failure: { kind: 'suspendedForApproval', tools: ['update_page_metadata'], runUuid: null },
    },
    'suspend-input': {
      status: 'suspended',
      failure: {
        kind: 'suspendedForInput',
        tools: ['ask_editor_for_tone'],
        runUuid: expect.any(String) as unknown as string,
      },
    },
    guardrail: {
      status: 'failed',
      failure: { kind: 'guardrail', message: expect.stringMatching(/guardrail/) as unknown as string },
    },
    'budget-exhausted': {
      status: 'failed',
      failure: { kind: 'noAnswer', truncated: true, terminationReason: 'budget_exhausted' },
    },
    'lease-lost': {
      status: 'failed',
      failure: { kind: 'backend', message: 'The run lost its lease to another worker.' },
    },
    cancelled: { status: 'failed', failure: { kind: 'cancelled', message: 'The run was cancelled.' } },
  };

  it('covers every fault id here or in the stalled-stream test', () => {
    expect([...Object.keys(expected), 'stalled-stream'].sort()).toEqual([...FAULT_IDS].sort());
  });

  it.each(Object.entries(expected))(
    'plays %s through the request header',
    async (fault, snapshot) => {
      const { snapshot: got } = await runTask('Summarise', {
        context: { selection: ARTICLE },
        headers: { 'X-Ask-Ai-Fault': fault },
      });
      expect(got).toMatchObject(snapshot);
    },
    10_000,
  );

  it('holds the answer back for the latency fault, on the injected clock', async () => {
    const { waits, snapshot } = await runTask('Summarise', {
      context: { selection: ARTICLE },
      headers: { 'X-Ask-Ai-Fault': 'latency' },
    });
    expect(snapshot.status).toBe('done');
    expect(waits).toContain(3000);
  });

  it('paces a stream by the latency setting', async () => {
    const { waits } = await runTask('Summarise', {
      context: { selection: ARTICLE },
      backend: { initialState: { latency: 200 } },
    });
    expect(waits).toContain(200);
    expect(waits).toContain(20);
  });

  it('keeps the partial answer of a truncated stream', async () => {
    const { snapshot } = await runTask('Summarise', {
      context: { selection: ARTICLE },
      headers: { 'X-Ask-Ai-Fault': 'truncated-stream' },
    });
    expect(snapshot.partialAnswer.length).toBeGreaterThan(0);
    expect(ARTICLE.replace(/\s+/g, ' ')).toContain(snapshot.partialAnswer.trim().split(' ')[0]);
  });

  it('plays a standing fault on the run endpoint, and with the tools: prefix on the tools endpoint', async () => {
    const { backend, fetch } = simulated();
    expect(backend.setState({ fault: 'tools:forbidden' })).toMatchObject({ fault: 'tools:forbidden' });
    const transport = createTransport({ endpoints: ENDPOINTS, fetch });
    await expect(offerableTools(transport)).rejects.toMatchObject({ failure: { kind: 'forbidden' } });
    backend.setState({ fault: 'server-error' });
    expect((await offerableTools(transport)).unattended.length).toBeGreaterThan(0);
  });

  it('answers a schema violation on the tools endpoint with an envelope the client refuses', async () => {
    const { fetch } = simulated();
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch,
      headers: { 'X-Ask-Ai-Fault': 'schema-violation' },
    });
    await expect(offerableTools(transport)).rejects.toMatchObject({ failure: { kind: 'invalidResponse' } });
  });
});

describe('the latency fault', () => {
  it('holds the answer back 3 s by default, or as long as the backend was made to hold it', async () => {
    for (const [options, held] of [
      [{}, 3000],
      [{ latencyFaultMs: 60_000 }, 60_000],
    ] as const) {
      const { fetch, waits } = simulated(options);
      const tools = await fetch(ENDPOINTS.tools, { headers: { 'X-Ask-Ai-Fault': 'tools:latency' } });
      expect(tools.status).toBe(200);
      expect(waits).toEqual([held]);
    }
  });
});

describe('cancel and abort', () => {
  it('confirms a cancel of a running run, and stops its stream when the request is aborted', async () => {
    const { fetch } = simulated({
      sleep: (ms, signal) =>
        new Promise((r) => {
          const t = setTimeout(r, ms);
          signal.addEventListener('abort', () => {
            clearTimeout(t);
            r();
          });
        }),
      initialState: { latency: 5 },
    });
    const abort = new AbortController();
    const response = await fetch(ENDPOINTS.run, {
      method: 'POST',
      headers: { Accept: 'application/x-ndjson' },
      body: JSON.stringify({
        prompt: 'Summarise',
        context: { selection: ARTICLE },
        tools: [],
        stream: true,
        requestId: 'req-c',
      }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    const cancel = await fetch(ENDPOINTS.cancel, { method: 'POST', body: JSON.stringify({ requestId: 'req-c' }) });
    expect(await cancel.json()).toEqual({ success: true, cancelled: true });
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('"event":"cancelled"');
    const again = await fetch(ENDPOINTS.cancel, { method: 'POST', body: JSON.stringify({ requestId: 'req-c' }) });
    expect(await again.json()).toEqual({ success: true, cancelled: false });
  });

  it('ends a stalled stream when the client aborts', async () => {
    const { fetch } = simulated();
    const abort = new AbortController();
    const response = await fetch(ENDPOINTS.run, {
      method: 'POST',
      headers: { Accept: 'application/x-ndjson', 'X-Ask-Ai-Fault': 'stalled-stream' },
      body: JSON.stringify({
        prompt: 'Summarise',
        context: { selection: ARTICLE },
        tools: [],
        stream: true,
        requestId: 'r',
      }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    abort.abort();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })(),
    ).resolves.toBe('ended');
  });
});

describe('simulation state over HTTP', () => {
  it('reads, merges, refuses a bad patch, and resets', async () => {
    const { fetch } = simulated();
    const url = `${ORIGIN}/api/ask-ai/simulation`;
    const initial = await (await fetch(url)).json();
    expect(initial).toMatchObject({
      user: 'editor',
      configuration: 'default',
      protocol: 'extended',
      fault: null,
      latency: 0,
      operator: { editingWritersEnabled: true },
    });
    const put = await fetch(url, {
      method: 'PUT',
      body: JSON.stringify({ user: 'admin', operator: { mcpCrmRequiresApproval: false } }),
    });
    expect(await put.json()).toMatchObject({
      user: 'admin',
      operator: { mcpCrmRequiresApproval: false, mcpDocsRequiresApproval: false },
    });
    expect((await fetch(url, { method: 'PUT', body: JSON.stringify({ user: 'root' }) })).status).toBe(400);
    expect((await fetch(url, { method: 'PUT', body: JSON.stringify({ fault: 'meteor' }) })).status).toBe(400);
    expect((await fetch(url, { method: 'PUT', body: JSON.stringify({ operator: { unknown: true } }) })).status).toBe(
      400,
    );
    expect(await (await fetch(url, { method: 'DELETE' })).json()).toMatchObject({
      user: 'editor',
      operator: { mcpCrmRequiresApproval: true },
    });
  });

  it('has realistic pacing by default', () => {
    expect(createSimulatedBackend().getState().latency).toBeGreaterThan(0);
  });
});
