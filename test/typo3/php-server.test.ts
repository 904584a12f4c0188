import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConformance } from '../../scripts/contract-check';
import { startPhpServer, type PhpServer } from '../support/php-server';

/**
 * The TYPO3 extension's real controller behind PHP's built-in server (`npm run php:serve`), checked
 * from outside as a backend team would check their site: the conformance check, Stop across two
 * requests, and who may call.
 */
describe('the TYPO3 extension on php:serve', () => {
  let server: PhpServer;

  beforeAll(async () => {
    server = await startPhpServer(40);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('passes every check of contract:check', async () => {
    const results = await checkConformance({
      tools: `${server.base}/tools`,
      run: `${server.base}/run`,
      cancel: `${server.base}/cancel`,
      outcome: `${server.base}/outcome`,
      configuration: 'default',
    });
    expect(results.filter((r) => !r.ok).map((r) => r.line)).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
    const { outcomes } = await server.journal();
    expect(outcomes.map((o) => o.outcome)).toEqual(['helpful']);
  });

  it('stops a run with tools when a second request cancels it by its request id', async () => {
    const requestId = `stop-${Date.now()}`;
    const response = await post('run', {
      // Held at its first tool until the Stop is recorded (the scripted model's "until stopped"): the Stop
      // meets it under way, however busy the machine.
      prompt: 'Summarise with get_page_content and site_rag_query until stopped.',
      context: { selection: 'The garden opens in June. Entry is free.' },
      tools: ['get_page_content', 'site_rag_query'],
      stream: true,
      requestId,
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    // The first step has arrived: the run is under way on another worker.
    while (!text.includes('"event":"step"')) text += (await reader.read()).value ?? '';
    const cancel = await (await post('cancel', { requestId })).json();
    expect(cancel).toEqual({ success: true, cancelled: true });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;

    const events = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { event: string });
    expect(events.at(-1)).toMatchObject({ event: 'cancelled', success: false });
    expect(events.filter((e) => e.event === 'step').length).toBeLessThan(5);
    const run = (await server.journal()).runs.find((r) =>
      (r.messages as Array<{ content: string }> | undefined)?.[0]?.content.includes('site_rag_query'),
    );
    // nr-llm's own cancel at the step boundary: the run is filed as cancelled, with the steps that ran.
    expect(run).toMatchObject({ outcome: 'cancelled' });
    expect(run?.recordedSteps).toBeGreaterThan(0);
    expect(run?.recordedSteps).toBeLessThan(5);
  });

  it('lists nr-llm’s tasks as presets, runs one on the selection and takes feedback on its answer', async () => {
    const listed = (await (await fetch(`${server.base}/tasks`)).json()) as {
      presets: Array<{ label: string; prompt: string; task: number; use: string }>;
    };
    // Not the system-log task (it reads no editor text), not the one switched off; each says how its
    // answer is used (a rewrite replaces the selection, the rest goes below it).
    expect(listed.presets.map((p) => [p.label, p.use])).toEqual([
      ['Teaser in 160 characters', 'insert'],
      ['Key points as a list', 'insert'],
      ['Rewrite in plain language', 'replace'],
      ['Internal memo', 'insert'],
    ]);
    const preset = listed.presets[1]!;
    const response = await post('run', {
      prompt: preset.prompt,
      task: preset.task,
      context: { selection: 'The garden opens in June. Entry is free.' },
      tools: [],
      stream: true,
      requestId: `task-${Date.now()}`,
    });
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { event: string; finalContent?: string; correlationId?: string });
    const done = events.at(-1)!;
    expect(done).toMatchObject({ event: 'done', finalContent: expect.stringContaining('The garden opens in June.') });
    const feedback = await post('outcome', { correlationId: done.correlationId, outcome: 'not_helpful' });
    expect(await feedback.json()).toEqual({ success: true, outcome: 'not_helpful' });
    const journal = await server.journal();
    expect(journal.outcomes.at(-1)).toEqual({ correlationId: done.correlationId, outcome: 'not_helpful' });
    expect(journal.runs.at(-1)).toMatchObject({ taskRun: { task: preset.task, correlationId: done.correlationId } });
  });

  it('answers 401 without a session and 403 without nr-llm’s grant, running nothing', async () => {
    const before = (await server.journal()).runs.length;
    const none = await post('run', { prompt: 'x', tools: [] }, { 'X-Ask-Ai-User': 'none' });
    const noGrant = await fetch(`${server.base}/tools`, { headers: { 'X-Ask-Ai-User': 'no-grant' } });
    expect([none.status, noGrant.status]).toEqual([401, 403]);
    expect(await noGrant.json()).toMatchObject({ success: false, error: expect.stringContaining('may not use') });
    expect((await server.journal()).runs.length).toBe(before);
  });

  it('refuses a malformed run with 400 naming the field, and a wrong method with 405', async () => {
    const response = await post('run', { prompt: 'x', tools: 'all' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: '"tools" must be a list of tool names.' });
    expect((await fetch(`${server.base}/run`)).status).toBe(405);
  });
});
