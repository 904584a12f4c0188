import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { startPhpServer, type PhpServer } from '../support/php-server';
import { openDemoWithSelection, runTask, answered } from './browser';

/**
 * The demo's dialog against the TYPO3 extension's real controller (`npm run php:serve`), as
 * `ASK_AI_BACKEND=… npm start` runs it: a task streams from PHP, and Stop reaches the run on the
 * server through the cancel route while the run streams from another PHP worker.
 */
describe('the demo against the PHP extension', () => {
  let php: PhpServer;
  let vite: PreviewServer;
  let context: BrowserContext;
  let profile: string;
  let page: Page;

  beforeAll(async () => {
    // Paced so that Stop lands between two steps of the scripted model.
    php = await startPhpServer(400);
    process.env.ASK_AI_BACKEND = php.base;
    try {
      // The built demo (vite.demo.config.ts), its /api/ask-ai proxied to PHP.
      await build({ configFile: 'vite.demo.config.ts', logLevel: 'error' });
      vite = await preview({
        configFile: 'vite.demo.config.ts',
        preview: { port: 0, host: '127.0.0.1', strictPort: false },
        logLevel: 'error',
      });
    } finally {
      delete process.env.ASK_AI_BACKEND;
    }
    const address = vite.httpServer.address();
    if (!address || typeof address !== 'object') throw new Error('The preview server has no address.');
    profile = mkdtempSync(join(tmpdir(), 'ask-ai-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      baseURL: `http://127.0.0.1:${address.port}`,
      args: [...CHROMIUM_ARGS],
    });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await vite?.close();
    await php?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });

  const openWithSelection = () => openDemoWithSelection(page);

  it('streams a task from PHP through the streaming chat: the answer made from the selection', async () => {
    await openWithSelection();
    const selected = ((await page.locator('.rte p').first().textContent()) ?? '').trim();
    await runTask(dialog(), 'Summarise');
    await dialog().getByRole('button', { name: 'Stop' }).waitFor();
    await answered(dialog(), { timeout: 20_000 });
    const answer = (await dialog().getByRole('region', { name: 'Answer' }).textContent()) ?? '';
    // The scripted model summarises the text it was sent: the selection reached PHP and came back.
    expect(answer).toContain(selected.split(/(?<=[.!?])\s/)[0]!);
    const { runs } = await php.journal();
    // A task without tools goes through nr-llm's streaming chat, the editor its budget owner.
    expect(runs.at(-1)).toMatchObject({ stream: true, outcome: 'completed', configuration: 'default', owner: 2 });
  });

  it('Stop reaches the run on the server: the stream ends cancelled and the run stops between steps', async () => {
    await openWithSelection();
    await dialog()
      .getByRole('textbox', { name: 'Instruction' })
      .fill('Summarise it with get_page_content and site_rag_query until stopped.');
    await dialog().getByRole('button', { name: 'Send' }).click();
    await dialog().getByRole('button', { name: 'Stop' }).waitFor();
    // PHP has started the run (the dialog no longer waits for the server): it is under way there, held at
    // its first tool until the Stop is recorded (the scripted model's "until stopped").
    await dialog()
      .getByText(/^(Thinking…|Working with the site’s tools…)$/)
      .waitFor();
    await dialog().getByRole('button', { name: 'Stop' }).click();
    await dialog().getByText('Stopped.').first().waitFor();
    // The cancel by request id found the run streaming from another worker: nr-llm ends it as cancelled,
    // its steps recorded.
    await expect
      .poll(async () => (await php.journal()).runs.find((run) => run.outcome === 'cancelled'), { timeout: 10_000 })
      .toMatchObject({ recordedSteps: expect.any(Number) });
    const stopped = (await php.journal()).runs.find((run) => run.outcome === 'cancelled')!;
    expect(stopped.recordedSteps).toBeLessThan(5);
  });
});
