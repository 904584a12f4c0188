import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import {
  ensureVaultKey,
  fixture,
  prepareSite,
  repository,
  serveSite,
  typo3Cli,
  type Site,
  type SiteServer,
} from '../scripts/typo3-site';
import { startFakeModel, type FakeModel, type ModelRequest } from '../test/typo3/site/harness/fake-model';
import { record } from './results';

/**
 * The answer streaming in the real TYPO3 13.4 with nr-llm (the real-TYPO3 tests' site and fake model): a
 * model that streams 30 chunks of about 300 bytes 200 ms apart, an editor's Improve (a task without
 * tools, nr-llm's streaming chat). When the first words reach the browser, against when the model sent
 * its first and its last chunk (one machine, one clock) — with nr-llm as shipped, and with the extension's
 * patch (typo3/Patches/nr-llm-streaming.patch) applied to the site's own copy of nr-llm. Budget: the first
 * words ≤ 500 ms after the model's first chunk (asserted with the patch; reported without).
 */
const BUDGET_MS = 500;
const CHUNKS = Array.from({ length: 30 }, (_, i) =>
  `Sentence ${i + 1} of the improved text, long enough to carry a few words of its own weight. `.repeat(3),
);
const PATCH = join(repository, 'typo3/Patches/nr-llm-streaming.patch');
const patchNrLlm = (site: Site, ...args: string[]) =>
  execFileSync(
    'patch',
    ['-p1', '--forward', '--silent', '-d', join(site.path, 'vendor/netresearch/nr-llm'), '-i', PATCH, ...args],
    {
      stdio: 'pipe',
    },
  );
let site: Site;

let model: FakeModel;
let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  site = await prepareSite();
  // From nr-llm as shipped (a run that ended early may have left the patch in).
  try {
    patchNrLlm(site, '--reverse', '--dry-run');
    patchNrLlm(site, '--reverse');
  } catch {
    // not patched
  }
  await typo3Cli(site, 'cache:flush');
  await ensureVaultKey(site);
  model = await startFakeModel();
  await fixture(site, 'reset', { modelUrl: model.url });
  server = await serveSite(site, 4);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await model?.close();
});

/** The first words' and the whole answer's arrival in the browser, against the model's first and last chunk. */
async function streamedImprove(baseURL: string) {
  await fetch(`${model.url}/__fake`, { method: 'DELETE' });
  await fetch(`${model.url}/__fake/replies`, {
    method: 'POST',
    body: JSON.stringify([{ chunks: CHUNKS, chunkDelayMs: 200, times: null }]),
  });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/typo3/');
  await page.locator('input[name="username"]').fill('editor');
  await page.locator('input[type="password"]').fill('Editor-Pass-1234!');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/typo3\/(main|module)/, { timeout: 30_000 });
  // The dialog's own request, read as the dialog reads it: the time each event arrives in the browser.
  const arrivals = await page.evaluate(async () => {
    const urls = (window as unknown as { TYPO3: { settings: { ajaxUrls: Record<string, string> } } }).TYPO3.settings
      .ajaxUrls;
    const response = await fetch(urls.ask_ai_run!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: JSON.stringify({
        prompt: 'Improve the wording, grammar and punctuation of this text.',
        context: { selection: 'The harbour opened in 1871.' },
        tools: [],
        stream: true,
        requestId: crypto.randomUUID(),
      }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let firstDelta: number | null = null;
    let done: number | null = null;
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        const event = (JSON.parse(line) as { event: string }).event;
        if (event === 'delta' && firstDelta === null) firstDelta = Date.now();
        if (event === 'done') done = Date.now();
      }
    }
    return { firstDelta, done };
  });
  await context.close();
  const log = (await (await fetch(`${model.url}/__fake/log`)).json()) as ModelRequest[];
  const call = log.find((request) => request.stream)!;
  expect(call, 'the model was asked with "stream": true').toBeDefined();
  const firstChunk = call.chunkTimes[0]!;
  const lastChunk = call.chunkTimes.at(-1)!;
  return {
    afterFirst: arrivals.firstDelta! - firstChunk,
    wholeAfterLast: arrivals.done! - lastChunk,
    chunksSpan: lastChunk - firstChunk,
  };
}

it('TYPO3: first words after the model’s first chunk, nr-llm as shipped', async () => {
  const { afterFirst, wholeAfterLast, chunksSpan } = await streamedImprove(server.url);
  record({
    figure: 'TYPO3: first words after the model’s first chunk (30 × 300 B, 200 ms apart), nr-llm as shipped',
    value: `${afterFirst} ms (the model's last chunk came ${chunksSpan} ms after its first)`,
    budget: `≤ ${BUDGET_MS} ms`,
    pass: afterFirst <= BUDGET_MS,
  });
  record({
    figure: 'TYPO3: whole answer after the model’s last chunk, nr-llm as shipped',
    value: `${wholeAfterLast} ms`,
    budget: `≤ ${BUDGET_MS} ms`,
    pass: wholeAfterLast <= BUDGET_MS,
  });
  expect(wholeAfterLast).toBeLessThanOrEqual(BUDGET_MS);
  // Reported, not asserted: nr-llm's providers read the model through nr-vault's PSR-18 client, whose
  // sendRequest() hands nr-llm the body only when the model has sent all of it. The next figure is the
  // same run with the extension's patch, which has them read it as it arrives.
});

it('TYPO3: first words after the model’s first chunk, with the nr-llm streaming patch', async () => {
  patchNrLlm(site);
  // A server of its own, started on the patched files (PHP's server caches compiled files).
  const patched = await serveSite(site, 4, 'php-server-patched');
  try {
    const { afterFirst, wholeAfterLast, chunksSpan } = await streamedImprove(patched.url);
    record({
      figure: 'TYPO3: first words after the model’s first chunk (30 × 300 B, 200 ms apart), with the patch',
      value: `${afterFirst} ms (the model's last chunk came ${chunksSpan} ms after its first)`,
      budget: `≤ ${BUDGET_MS} ms`,
      pass: afterFirst <= BUDGET_MS,
    });
    record({
      figure: 'TYPO3: whole answer after the model’s last chunk, with the patch',
      value: `${wholeAfterLast} ms`,
      budget: `≤ ${BUDGET_MS} ms`,
      pass: wholeAfterLast <= BUDGET_MS,
    });
    expect(afterFirst).toBeLessThanOrEqual(BUDGET_MS);
    expect(wholeAfterLast).toBeLessThanOrEqual(BUDGET_MS);
  } finally {
    await patched.stop();
    patchNrLlm(site, '--reverse');
  }
});

/**
 * One editor sends 20 runs of 10 s at once (the extension's defaults: 2 per user, 8 for the site; PHP's
 * built-in server with 4 workers). While the admitted runs hold the model, a visitor without a session
 * asks for the backend's login page and the site's front page. Budget: each answers in ≤ 2 s.
 */
it('TYPO3: login page and front page while one editor floods the run route', async () => {
  await fetch(`${model.url}/__fake`, { method: 'DELETE' });
  await fetch(`${model.url}/__fake/replies`, {
    method: 'POST',
    body: JSON.stringify([{ delayMs: 10_000, content: 'Slow.', times: null }]),
  });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/typo3/');
  await page.locator('input[name="username"]').fill('editor');
  await page.locator('input[type="password"]').fill('Editor-Pass-1234!');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/typo3\/(main|module)/, { timeout: 30_000 });
  const runUrl = await page.evaluate(
    () =>
      (window as unknown as { TYPO3: { settings: { ajaxUrls: Record<string, string> } } }).TYPO3.settings.ajaxUrls
        .ask_ai_run!,
  );
  const runs = Array.from({ length: 20 }, (_, i) =>
    context.request
      .post(runUrl, {
        data: { prompt: 'Answer slowly.', tools: [], requestId: `bench-flood-${Date.now()}-${i}`, stream: true },
        headers: { Accept: 'application/x-ndjson, application/json' },
        timeout: 300_000,
      })
      .then((response) => response.status()),
  );
  // The admitted runs are with the model now.
  for (let i = 0; i < 300; i++) {
    const log = (await (await fetch(`${model.url}/__fake/log`)).json()) as ModelRequest[];
    if (log.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    await response.arrayBuffer();
    return { status: response.status, ms: Math.round(performance.now() - started) };
  };
  const [login, front] = await Promise.all([timed('/typo3/'), timed('/')]);
  const statuses = await Promise.all(runs);
  const refused = statuses.filter((s) => s === 429).length;
  const byStatus = Object.entries(
    statuses.reduce<Record<number, number>>(
      (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    ),
  )
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  const slowest = Math.max(login.ms, front.ms);
  record({
    figure: 'TYPO3: login page and front page under 20 runs of 10 s by one editor',
    value:
      `login ${login.ms} ms (${login.status}), front ${front.ms} ms (${front.status}); ` +
      `${refused} of 20 runs refused with 429 (${byStatus})`,
    budget: '≤ 2000 ms each',
    pass: slowest <= 2000 && login.status === 200 && front.status === 200,
  });
  expect(slowest).toBeLessThanOrEqual(2000);
  await context.close();
});
