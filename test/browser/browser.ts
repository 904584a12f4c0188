import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

/**
 * Where this file's demo and simulated backend answer: its worker's server (files run side by side, and
 * each resets and sets its simulated backend; `VITEST_POOL_ID` is unique among the running workers).
 */
export const baseUrl = (): string => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

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
    // Fast but not instant: runs stay observable for a moment. The extended protocol: every run streams
    // its steps and its answer (a test of what the TYPO3 extension sends sets `typo3`).
    await setSimulation({ latency: 60, protocol: 'extended' });
    page = await context.newPage();
    // A wait that does not end fails with the locator it waited for, well inside the test's own timeout.
    page.setDefaultTimeout(20_000);
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

/** The dialog's tool list has answered: its body says so (`data-tools`), in every view. */
export async function toolsLoaded(dialog: Locator): Promise<void> {
  await dialog.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
}

/**
 * Runs a task by its name as an editor does from the keyboard: typed into the prompt (the list narrows
 * to it), picked with ↓, run with Enter.
 */
export async function runTask(dialog: Locator, name: string): Promise<void> {
  const prompt = dialog.getByRole('textbox', { name: /^(Instruction|Anweisung)$/ });
  await prompt.fill(name);
  await dialog.getByRole('option', { name, exact: true }).first().waitFor();
  await prompt.press('ArrowDown');
  await prompt.press('Enter');
}

/** The run ended with its answer (the dialog's state: `done`). */
export async function answered(dialog: Locator, options: { timeout?: number } = {}): Promise<void> {
  await dialog.and(dialog.page().locator('[data-state="done"]')).waitFor(options);
}

/** Sends typed words as the instruction (or, with an answer in view, its refinement). */
export async function sendInstruction(dialog: Locator, text: string): Promise<void> {
  const prompt = dialog.getByRole('textbox', { name: /^(Instruction|Anweisung)$/ });
  await prompt.fill(text);
  await prompt.press('Enter');
}

/** The demo editor with its dialog open and the tool list loaded. */
export async function openDemo() {
  await page.goto('/');
  await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
  await toolsLoaded(page.getByRole('dialog', { name: 'Ask AI' }));
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
  await toolsLoaded(target.getByRole('dialog', { name: 'Ask AI' }));
}

export interface HeldRun {
  /** Resolves once a run was asked for (its request went out and is being answered). */
  asked(): Promise<void>;
  /** Sends one event of the run's NDJSON answer. */
  send(event: object): Promise<void>;
  /** Ends the run's answer. */
  end(): Promise<void>;
  /** The page's next runs go to the backend again. */
  restore(): Promise<void>;
}

/**
 * The page's next runs answer what the test sends, when it sends it: the page's `fetch` (the dialog looks
 * it up on every request) answers the run endpoint with a stream the test feeds event by event. A state a
 * run passes through is held there, however busy the machine.
 */
export async function holdRuns(target: Page = page): Promise<HeldRun> {
  await target.evaluate(() => {
    type Held = { send(event: object): void; end(): void };
    const held = window as unknown as { __askAiRun?: Held; __askAiFetch?: typeof fetch };
    held.__askAiFetch ??= window.fetch.bind(window);
    const original = held.__askAiFetch;
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes('/api/ask-ai/run')) return original(input, init);
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      held.__askAiRun = {
        send: (event) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(event)}\n`)),
        end: () => controller.close(),
      };
      return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
    };
  });
  type Held = { __askAiRun?: { send(event: object): void; end(): void } };
  return {
    asked: async () => {
      await target.waitForFunction(() => Boolean((window as unknown as Held).__askAiRun));
    },
    send: (event) => target.evaluate((e) => (window as unknown as Held).__askAiRun!.send(e), event),
    end: async () => {
      await target.evaluate(() => {
        (window as unknown as Held).__askAiRun!.end();
        delete (window as unknown as Held).__askAiRun;
      });
    },
    restore: async () => {
      await target.evaluate(() => {
        const held = window as unknown as { __askAiFetch?: typeof fetch };
        if (held.__askAiFetch) window.fetch = held.__askAiFetch;
      });
    },
  };
}
