/**
 * Renders the dialog's main states in Chromium (the Debian Chromium the browser tests use) into
 * docs/images/, at 1280×800 and 360×740, light and dark: `npm run screenshots`. The demo's states; the
 * dialog in the real TYPO3 backend is `npm run screenshots:typo3` (scripts/typo3-screenshots.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const OUT = 'docs/images';
const SIZES = { desktop: { width: 1280, height: 800 }, narrow: { width: 360, height: 740 } } as const;

const server = await createServer({
  configFile: 'vite.config.ts',
  server: { port: 0, host: '127.0.0.1' },
  logLevel: 'error',
});
await server.listen();
const address = server.httpServer?.address();
if (!address || typeof address !== 'object') throw new Error('The dev server has no address.');
const base = `http://127.0.0.1:${address.port}`;
const simulate = (patch: Record<string, unknown>) =>
  fetch(`${base}/api/ask-ai/simulation`, { method: 'PUT', body: JSON.stringify(patch) });

const profile = mkdtempSync(join(tmpdir(), 'ask-ai-shots-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_ARGS],
});

interface Shot {
  readonly name: string;
  readonly simulation?: Record<string, unknown>;
  readonly locale?: 'de';
  /** Before the dialog opens (e.g. a selection in the editor). */
  readonly before?: (page: Page) => Promise<void>;
  readonly act?: (page: Page) => Promise<void>;
}

interface DemoEditor {
  editing: { view: { focus(): void } };
  model: {
    document: { getRoot(): { getChild(index: number): unknown } };
    change(callback: (writer: Record<string, (...args: unknown[]) => void>) => void): void;
  };
}

/** Runs on the demo's CKEditor instance (the editable element carries it). */
const onEditor = (page: Page, action: 'select' | 'change') =>
  page.evaluate((what) => {
    const editable = document.querySelector('.rte .ck-editor__editable') as Element & { ckeditorInstance?: DemoEditor };
    const editor = editable.ckeditorInstance!;
    const first = editor.model.document.getRoot().getChild(0);
    if (what === 'select') {
      editor.editing.view.focus();
      editor.model.change((writer) => writer.setSelection!(first, 'in'));
    } else editor.model.change((writer) => writer.insertText!('Changed ', first, 30));
  }, action);

const dialog = (page: Page) => page.getByRole('dialog');
/** The run ended with its answer (the dialog's state). */
const done = (page: Page) => dialog(page).and(page.locator('[data-state="done"]')).waitFor();
const runPreset = (label: string, waitFor: (page: Page) => Promise<unknown>) => async (page: Page) => {
  // As an editor finds any task: typed into the prompt, the list narrows to it.
  await dialog(page).getByRole('textbox').first().fill(label);
  await dialog(page).getByRole('option', { name: label, exact: true }).first().click();
  await waitFor(page);
};

const SHOTS: Shot[] = [
  { name: 'idle' },
  {
    name: 'running',
    simulation: { fault: 'stalled-stream', latency: 300 },
    act: runPreset('Summarise', (page) => dialog(page).getByRole('region', { name: 'Answer' }).waitFor()),
  },
  { name: 'done', act: runPreset('Keywords', (page) => done(page)) },
  {
    name: 'failed',
    simulation: { fault: 'server-error' },
    act: runPreset('Summarise', (page) => page.locator('[data-ask-ai-part="outcome"]').waitFor()),
  },
  {
    // The administrator's view: the tools offered and withheld.
    name: 'withheld-tools',
    simulation: { user: 'admin' },
    act: async (page) => {
      await dialog(page)
        .getByText(/^Tools:/)
        .click();
      await dialog(page).getByRole('list', { name: 'Withheld' }).scrollIntoViewIfNeeded();
    },
  },
  {
    // Replace refused: a collaborator changed the held text while the dialog was open.
    name: 'refused',
    before: (page) => onEditor(page, 'select'),
    act: async (page) => {
      await runPreset('Shorten', (p) => done(p))(page);
      await onEditor(page, 'change');
      await dialog(page).getByRole('button', { name: 'Replace selection' }).click();
      await dialog(page).getByRole('alert').waitFor();
    },
  },
  {
    name: 'german',
    locale: 'de',
    act: runPreset('Zusammenfassen', (page) => done(page)),
  },
];

mkdirSync(OUT, { recursive: true });
for (const shot of SHOTS) {
  for (const [sizeName, size] of Object.entries(SIZES)) {
    for (const scheme of ['light', 'dark'] as const) {
      await fetch(`${base}/api/ask-ai/simulation`, { method: 'DELETE' });
      await simulate({ latency: 60, ...shot.simulation });
      const page = await browser.newPage();
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(`${base}/${shot.locale ? `?locale=${shot.locale}` : ''}`);
      await page.evaluate((s) => {
        document.documentElement.style.colorScheme = s;
      }, scheme);
      await page.locator('.rte .ck-editor__editable').waitFor();
      await shot.before?.(page);
      await page
        .getByRole('button', { name: shot.locale === 'de' ? 'KI fragen' : 'Ask AI', exact: true })
        .first()
        .click();
      // The tool list has answered (the body says so in every view).
      await dialog(page).locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
      await shot.act?.(page);
      await page.waitForTimeout(150);
      const file = join(OUT, `${shot.name}-${sizeName}-${scheme}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
  }
}

await browser.close();
rmSync(profile, { recursive: true, force: true });
await server.close();
