import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveSite, serverLog, type SiteServer } from '../../../scripts/typo3-site';
import {
  dialog,
  events,
  instruct,
  login,
  model,
  mostAtOnce,
  nodes,
  openContentElement,
  openDialog,
  page,
  selectParagraph,
  sessionOutside,
  settings,
  site,
  sql,
  useTypo3,
} from './harness/backend';
import type { PlainAnswer } from './harness/plain-request';

/**
 * Production's shape: two web nodes (two PHP servers) on one database, as two PHP-FPM nodes behind a load
 * balancer without sticky sessions. Whatever one node knows of a run — that it runs, that its editor
 * stopped it, that its answer was rated — the other knows through the database.
 */
describe('two web nodes on one database, in the real TYPO3', () => {
  useTypo3();

  it('a run on node A is stopped from node B: "Stopped." at once, nr-llm’s run cancelled', async () => {
    await model.script({ when: 'history of the piers', delayMs: 20_000, content: 'Too late.' });
    // The load balancer sends the cancel to the other node.
    const answeredByB: Array<{ status: number; body: string }> = [];
    await page.route('**/ask-ai/cancel**', async (request) => {
      const url = new URL(request.request().url());
      const response = await request.fetch({ url: new URL(`${url.pathname}${url.search}`, nodes().b).href });
      answeredByB.push({ status: response.status(), body: await response.text() });
      await request.fulfill({ response });
    });
    const bLog = serverLog(site()).replace('php-server.log', 'php-server-b.log');
    const bBefore = readFileSync(bLog, 'utf8').length;
    await login('editor');
    const frame = await openContentElement(1);
    await selectParagraph(frame, 0);
    const ask = await openDialog(frame);
    await instruct(ask, 'Tell the history of the piers');
    await expect.poll(async () => (await model.log()).length, { timeout: 20_000 }).toBe(1);

    await ask.getByRole('button', { name: 'Stop' }).click();
    await ask.getByText('Stopped.').first().waitFor({ timeout: 5_000 });
    // Said once (the screen reader's announcement aside), and nothing of the late answer.
    expect(
      await ask.getByText('Stopped.').evaluateAll((els) => els.filter((e) => !e.closest('[role="status"]')).length),
    ).toBe(1);
    // Node B answered the Stop (its own server's log has it) and marked the run in the database.
    await expect.poll(() => answeredByB, { timeout: 10_000 }).toHaveLength(1);
    expect(answeredByB[0]!.status).toBe(200);
    expect(JSON.parse(answeredByB[0]!.body)).toMatchObject({ success: true, cancelled: true });
    expect(readFileSync(bLog, 'utf8').slice(bBefore)).toMatch(/POST \/typo3\/ajax\/ask-ai\/cancel/);
    expect(await sql('SELECT cancel_requested FROM tx_askai_run')).toEqual([{ cancel_requested: 1 }]);
    // nr-llm's run on node A ends as a cancel once its model call returns (nr-llm cannot abort it inside).
    await expect
      .poll(async () => (await sql<{ status: string }>('SELECT status FROM tx_nrllm_agentrun'))[0]?.status, {
        timeout: 40_000,
        interval: 500,
      })
      .toBe('cancelled');
    expect(await ask.getByText('Too late.').count()).toBe(0);
  });

  it('a Stop that reaches node B before its run reaches node A: answered true, and the run never starts', async () => {
    const editor = await sessionOutside('editor');
    const stop = await editor.post(nodes().b, 'ask_ai_cancel', { requestId: 'early-stop-1' });
    expect(stop.status).toBe(200);
    expect(JSON.parse(stop.text)).toMatchObject({ success: true, cancelled: true });

    const run = await editor.post(nodes().a, 'ask_ai_run', {
      prompt: 'Shorten this.',
      context: { selection: 'The harbour opened in 1871.' },
      tools: [],
      requestId: 'early-stop-1',
      stream: true,
    });
    expect(run.status).toBe(200);
    expect(events(run.text).at(-1)).toMatchObject({ event: 'cancelled' });
    expect(await model.log()).toEqual([]);
    expect(await sql("SELECT uid FROM tx_askai_run WHERE state = 'running'")).toEqual([]);
  });

  /**
   * Rounds of runs sent to both nodes in the same few milliseconds (Node's HTTP client, every request
   * under way before any answer), each admitted run holding the model for two seconds: never more with
   * the model than the limit, the rest 429 with a wait and the limit's reason. Whether a request is
   * admitted is decided by rows the database refuses to insert twice: a limit counted per node would let
   * each node admit its own, and a read-then-write admission sometimes lets both nodes take the last place.
   */
  it('the per-user and the site-wide limit hold across both nodes, round after round', async () => {
    await model.script({ when: 'slowly', delayMs: 2_000, content: 'Slow.', times: null });
    const editor = await sessionOutside('editor');
    const redakteur = await sessionOutside('redakteur');
    const rounds: Array<{ limit: number; reason: string; senders: Array<typeof editor> }> = [
      { limit: 2, reason: 'userLimit', senders: [editor] },
      { limit: 3, reason: 'siteLimit', senders: [editor, redakteur] },
    ];
    const reached: Record<string, number> = {};
    for (let round = 0; round < 4; round++) {
      const { limit, reason, senders } = rounds[round % 2]!;
      await settings(reason === 'userLimit' ? { runsPerUser: 2 } : { runsPerUser: 50, runsPerSite: 3 });
      const before = (await model.log()).length;
      // Four requests to each node (each node has four workers): eight in the same few milliseconds.
      const answers: PlainAnswer[] = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          senders[Math.floor(i / 2) % senders.length]!.post(i % 2 === 0 ? nodes().a : nodes().b, 'ask_ai_run', {
            prompt: 'Answer slowly.',
            tools: [],
            requestId: `round-${round}-${i}`,
            stream: true,
          }),
        ),
      );
      const log = (await model.log()).slice(before);
      const admitted = answers.filter((a) => a.status === 200);
      expect(admitted.length, `round ${round}: admitted`).toBeGreaterThan(0);
      // (A request PHP's built-in server queued behind a busy worker may come in after the admitted ones
      // ended, and be admitted in turn: what may never happen is more runs at once than the limit.)
      expect(mostAtOnce(log), `round ${round}: with the model at once`).toBeLessThanOrEqual(limit);
      reached[reason] = Math.max(reached[reason] ?? 0, mostAtOnce(log));
      for (const answer of admitted) expect(events(answer.text).at(-1)).toMatchObject({ event: 'done' });
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expect(answer.status).toBe(429);
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(JSON.parse(answer.text)).toMatchObject({ success: false, reason });
      }
    }
    // The rounds met the limits (the requests did contend), and never passed them.
    expect(reached).toEqual({ userLimit: 2, siteLimit: 3 });
    expect(await sql("SELECT uid FROM tx_askai_run WHERE state = 'running'")).toEqual([]);
    expect(await sql('SELECT scope FROM tx_askai_slot')).toEqual([]);
  });

  it('twelve ratings of one answer at once on both nodes: one rating and at most one change', async () => {
    await model.script({ content: 'Short.' });
    const editor = await sessionOutside('editor');
    const run = await editor.post(nodes().a, 'ask_ai_run', {
      prompt: 'Shorten this.',
      context: { selection: 'The harbour opened in 1871 after years of work.' },
      tools: [],
      requestId: 'rated-1',
      stream: true,
    });
    const correlationId = events(run.text).find((e) => e.event === 'done')?.correlationId as string;
    expect(correlationId).toMatch(/\w/);

    const verdicts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        editor.post(i % 2 === 0 ? nodes().a : nodes().b, 'ask_ai_outcome', {
          correlationId,
          outcome: i % 4 < 2 ? 'helpful' : 'not_helpful',
        }),
      ),
    );
    for (const verdict of verdicts) expect([200, 409]).toContain(verdict.status);
    const [entry] = await sql<{ rating: string; rating_changes: number }>(
      'SELECT rating, rating_changes FROM tx_askai_run WHERE request_id = ?',
      ['rated-1'],
    );
    expect(Number(entry!.rating_changes)).toBeLessThanOrEqual(1);
    // nr-llm holds one verdict for the answer: the one the ledger holds.
    expect(await sql('SELECT outcome FROM tx_nrllm_call_outcome WHERE correlation_id = ?', [correlationId])).toEqual([
      { outcome: entry!.rating },
    ]);
  });

  /**
   * A web node killed with a run in its model call: the editor's dialog says the connection broke off;
   * the run still counts until its `abandon_at` (its deadline and ten seconds: it might have been alive),
   * then the next run on the site ends it — the ledger's entry abandoned, nr-llm's run cancelled — and is
   * admitted. Nothing is left running.
   */
  it('a node killed in the middle of a run: the dialog says so, the run ends within its time', async () => {
    await settings({ runDeadline: 10, runsPerUser: 1 });
    await model.script({ when: 'lighthouse keeper', hang: true });
    const nodeC: SiteServer = await serveSite(site(), 2, 'php-server-c');
    // The editor's browser on node C (the session is the database's: any node knows it).
    const onC = await page
      .context()
      .browser()!
      .newContext({ baseURL: nodeC.url, viewport: { width: 1280, height: 800 } });
    const tab = await onC.newPage();
    try {
      await login('editor', tab);
      const frame = await openContentElement(1, tab);
      await selectParagraph(frame, 0);
      const ask = await openDialog(frame, 'Ask AI', tab);
      await instruct(ask, 'Tell the story of the lighthouse keeper');
      await expect.poll(async () => (await model.log()).length, { timeout: 20_000 }).toBe(1);
      const [entry] = await sql<{ started: number; deadline: number; abandon_at: number }>(
        "SELECT started, deadline, abandon_at FROM tx_askai_run WHERE state = 'running'",
      );
      // Documented: ten seconds past the run's deadline (its deadline: ten seconds, the least there is).
      expect(Number(entry!.abandon_at) - Number(entry!.deadline)).toBe(10);
      expect(Number(entry!.deadline) - Number(entry!.started)).toBeLessThanOrEqual(11);

      await nodeC.kill();
      await dialog(tab)
        .getByRole('alert')
        .filter({ hasText: /connection broke off|could not be reached/ })
        .waitFor({ timeout: 10_000 });
      expect(await dialog(tab).getByRole('button', { name: 'Try again' }).count()).toBe(1);

      // Until its abandon time the run counts (node C might have been alive, in its last call).
      const editor = await sessionOutside('editor');
      const run = (id: string) =>
        editor.post(nodes().a, 'ask_ai_run', {
          prompt: 'Shorten this.',
          context: { selection: 'The harbour opened in 1871.' },
          tools: [],
          requestId: id,
          stream: true,
        });
      const early = await run('after-kill-early');
      expect(early.status).toBe(429);
      expect(JSON.parse(early.text)).toMatchObject({ reason: 'userLimit' });
      await expect
        .poll(async () => Date.now() / 1000, { timeout: 30_000, interval: 500 })
        .toBeGreaterThan(Number(entry!.abandon_at) + 1);
      const later = await run('after-kill-later');
      expect(later.status).toBe(200);
      expect(events(later.text).at(-1)).toMatchObject({ event: 'done' });
      expect(await sql('SELECT state FROM tx_askai_run ORDER BY uid')).toEqual([
        { state: 'abandoned' },
        { state: 'finished' },
      ]);
      // nr-llm's run of the dead node: cancelled by the extension's service account; none left running.
      const runs = await sql<{ status: string }>('SELECT status FROM tx_nrllm_agentrun ORDER BY uid');
      expect(runs[0]).toEqual({ status: 'cancelled' });
      expect(runs.filter((r) => r.status === 'running')).toEqual([]);
    } finally {
      await nodeC.kill();
      await onC.close();
    }
  });
});
