import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

export const baseUrl = (): string => inject('baseUrl');

let context: BrowserContext;
let profile: string;
export let page: Page;

/** One headless Debian Chromium per file (a fresh profile), a new page per test, the simulated backend reset. */
export function useBrowser() {
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'ask-ai-chromium-'));
    // A persistent context is how Playwright takes an explicit --user-data-dir.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      baseURL: baseUrl(),
      args: [...CHROMIUM_ARGS],
    });
  });
  beforeEach(async () => {
    await fetch(`${baseUrl()}/api/ask-ai/simulation`, { method: 'DELETE' });
    // Fast but not instant: runs stay observable for a moment.
    await setSimulation({ latency: 60 });
    page = await context.newPage();
  });
  afterEach(async () => {
    await page?.close();
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });
}

export async function setSimulation(patch: Record<string, unknown>) {
  const response = await fetch(`${baseUrl()}/api/ask-ai/simulation`, { method: 'PUT', body: JSON.stringify(patch) });
  if (!response.ok) throw new Error(`simulation: ${await response.text()}`);
}

const require = createRequire(import.meta.url);
export const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations inside `selector` (the open dialog). */
export async function axeViolations(target: Page, selector: string): Promise<string[]> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.addScriptTag({ content: AXE_SOURCE });
  return target.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }>;
        };
      }
    ).axe;
    const result = await axe.run({ include: [[sel]] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
  }, selector);
}

/** The demo editor with its dialog open and the tool list loaded. */
export async function openDemo() {
  await page.goto('/');
  await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
  await page
    .getByRole('dialog', { name: 'Ask AI' })
    .getByText(/^Tools: \d+ available/)
    .waitFor();
}

/** The next runs answer with `finalContent` (an unstreamed nr-llm answer), whatever the task. */
export async function answerWith(finalContent: string) {
  await page.route('**/api/ask-ai/run*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ success: true, finalContent, iterations: 1, truncated: false, usage: [] }),
    }),
  );
}

/** The demo with its field's first paragraph selected, as an editor would, and the dialog open. */
export async function openDemoWithSelection(target: Page = page) {
  await target.goto('/');
  await target.locator('.rte p').first().selectText();
  await target.locator('.rte').dispatchEvent('mouseup');
  await target.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
  await target
    .getByRole('dialog', { name: 'Ask AI' })
    .getByText(/^Tools: \d+ available/)
    .waitFor();
}
