import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { baseUrl, runTask, answered } from './browser';

/**
 * An intranet back end on plain HTTP under a host name: not a secure context, so no
 * `crypto.randomUUID` and no Clipboard API. The demo must still run a task and copy its answer.
 */
let context: BrowserContext;
let profile: string;
let page: Page;
const port = () => new URL(baseUrl()).port;

beforeAll(async () => {
  // The simulated backend as it starts, whatever an earlier test file left it as.
  await fetch(`${baseUrl()}/api/ask-ai/simulation`, { method: 'DELETE' });
  profile = mkdtempSync(join(tmpdir(), 'ask-ai-plain-http-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The name resolves to this machine, but to the browser it is an ordinary host on plain HTTP.
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP ask-ai.test 127.0.0.1'],
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
});

describe('on a plain-HTTP origin that is not localhost', () => {
  it('runs a task, with a request id, and copies the answer without the Clipboard API', async () => {
    const problems: string[] = [];
    const logged: string[] = [];
    page.on('console', (message) => {
      logged.push(message.text());
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const runs: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ask-ai/run')) runs.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.goto(`http://ask-ai.test:${port()}/`);
    expect(
      await page.evaluate(() => ({
        secure: window.isSecureContext,
        randomUUID: typeof crypto.randomUUID,
        clipboard: typeof navigator.clipboard,
      })),
    ).toEqual({ secure: false, randomUUID: 'undefined', clipboard: 'undefined' });
    await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await dialog.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
    await runTask(dialog, 'Summarise');
    await answered(dialog);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    // The focus stays in the dialog.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect(problems).toEqual([]);
    // Instruction, context and answer reach neither the console nor the page's storage.
    const answer = (await dialog.getByRole('region', { name: 'Answer' }).textContent()) ?? '';
    const instruction = String(runs[0]?.prompt ?? '');
    const selection = String((runs[0]?.context as { document?: string } | undefined)?.document ?? '');
    for (const secret of [answer.slice(0, 40), instruction.slice(0, 40), selection.slice(0, 40)].filter(Boolean)) {
      expect(logged.some((text) => text.includes(secret))).toBe(false);
    }
    // Nothing is stored: not the content, and not the last task either (the list keeps its order).
    expect(await page.evaluate(() => [Object.entries(localStorage), sessionStorage.length] as const)).toEqual([[], 0]);
  });
});
