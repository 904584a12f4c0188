import { describe, expect, it } from 'vitest';
import { page, setSimulation, useBrowser, runTask, answered } from './browser';

useBrowser();

/**
 * What the TYPO3 extension ships (typo3/Resources/Public/JavaScript, the same files the pages serve):
 * loaded under TYPO3's import map, where every file is mapped to its own `?bust=` URL, and styled as
 * designed in the browser — not only in the source demo.
 */

const EXTENSION = '/typo3/_assets/ask_ai/JavaScript/';

/** Every request for the extension's files while `work` runs. */
async function extensionRequests(work: () => Promise<void>): Promise<URL[]> {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(EXTENSION)) urls.push(url);
  });
  await work();
  return urls;
}

/** The record form with the plugin's dialog open and its tool list loaded (the language's own words). */
async function openRecordDialog(query = '', askAi = 'Ask AI') {
  await page.goto(`/typo3/record/edit${query}`);
  await page.locator('body[data-editor="ready"]').waitFor();
  await page.getByRole('toolbar').getByRole('button', { name: askAi }).click();
  const dialog = page.getByRole('dialog', { name: askAi });
  await dialog.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
  return dialog;
}

/** The package's own accent: this page loads the shipped files, not TYPO3's backend or its theme. */
const ACCENT = { light: [47, 91, 211], dark: [157, 184, 255] } as const;

const rgb = (value: string) =>
  value
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number);

describe('the shipped plugin and widget under TYPO3’s import map', () => {
  it('loads the widget module once beside the plugin, every file through its ?bust= URL', async () => {
    const urls = await extensionRequests(async () => {
      // The editor and the plain field both reach for the dialog: its chunks load too.
      const dialog = await openRecordDialog();
      await runTask(dialog, 'Summarise');
      await answered(dialog);
    });
    const paths = urls.map((url) => url.pathname.slice(EXTENSION.length));
    expect(paths.filter((path) => path === 'widget-standalone.js')).toHaveLength(1);
    expect(paths.filter((path) => path === 'ckeditor5.js')).toHaveLength(1);
    expect(paths.some((path) => path.startsWith('widget-standalone-'))).toBe(true);
    expect(urls.filter((url) => !/^[0-9a-f]{12}$/.test(url.searchParams.get('bust') ?? ''))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`in ${scheme}: the accent's focus ring on Send, the alert tinted with the danger colour`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/typo3/fields');
      await page.locator('body[data-fields="ready"]').waitFor();
      await page.getByRole('button', { name: 'Ask AI about the teaser' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ask AI' });
      await dialog.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
      await dialog.getByRole('textbox', { name: 'Instruction' }).fill('Summarise this.');
      const send = dialog.getByRole('button', { name: 'Send' });
      await send.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await send.evaluate((el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineColor]);
      expect(ring[0]).toBe('solid');
      expect(rgb(ring[1]!)).toEqual(ACCENT[scheme]);

      await setSimulation({ fault: 'rate-limited' });
      await send.click();
      const alert = dialog.locator('.ask-ai-outcome[data-tone="alert"]');
      await alert
        .getByText(/too many requests/i)
        .first()
        .waitFor();
      const [tint, background] = await alert.evaluate((el) => [
        getComputedStyle(el).backgroundColor,
        getComputedStyle(el.closest('dialog')!).backgroundColor,
      ]);
      const [r, g, b] = rgb(tint!);
      expect(tint).not.toBe(background);
      // The danger colour mixed into the background: red leads in light and in dark.
      expect(r!).toBeGreaterThan(g!);
      expect(r!).toBeGreaterThan(b!);
    });
  }
});

describe('the shipped plugin’s dialog in the record form', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`in ${scheme}: the accent on Insert, and the answer on a card of its own`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      const dialog = await openRecordDialog();
      await runTask(dialog, 'Summarise');
      await answered(dialog);
      // The answer is the card's own, no callout beside it.
      const card = dialog.locator('.ask-ai-card');
      await card.waitFor();
      expect(await dialog.locator('.ask-ai-outcome').count()).toBe(0);
      const insert = dialog.getByRole('button', { name: 'Insert' });
      expect(rgb(await insert.evaluate((el) => getComputedStyle(el).backgroundColor))).toEqual(ACCENT[scheme]);
      const border = await card.evaluate((el) => getComputedStyle(el).borderTopStyle);
      expect(border).toBe('solid');
    });
  }
});

describe('the plugin in the editor’s languages', () => {
  it('speaks the editor’s UI language and sends the content’s language with the task', async () => {
    const bodies: Array<{ context?: Record<string, unknown> }> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ask-ai/run')) bodies.push(JSON.parse(request.postData() ?? '{}'));
    });
    const dialog = await openRecordDialog('?ui=de&content=de-CH', 'KI fragen');
    await runTask(dialog, 'Zusammenfassen');
    await answered(dialog);
    expect(bodies[0]?.context).toMatchObject({ contentLanguage: 'de-CH', recordTable: 'tt_content', recordUid: 12 });
  });
});

describe.each([
  ['41', '41.4'],
  ['47', '47.6'],
  ['48', '48.5'],
] as const)('the built plugin on CKEditor %s as TYPO3 loads it (one module per package)', (release, version) => {
  it(`${version}: the button, Insert after the selection, one undo takes it back`, async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/typo3/record/edit?ckeditor=${release}`);
    await page.locator('body[data-editor="ready"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { CKEDITOR_VERSION: string }).CKEDITOR_VERSION)).toMatch(
      new RegExp(`^${version.replace('.', '\\.')}\\.`),
    );
    const data = () => page.evaluate(() => (window as unknown as { editor: { getData(): string } }).editor.getData());
    const before = await data();
    await page.evaluate(() => {
      const { editor } = window as unknown as {
        editor: {
          editing: { view: { focus(): void } };
          model: {
            document: { getRoot(): { getChild(i: number): unknown } };
            change(callback: (writer: { setSelection(node: unknown, place: string): void }) => void): void;
          };
        };
      };
      editor.editing.view.focus();
      editor.model.change((writer) => writer.setSelection(editor.model.document.getRoot().getChild(0), 'in'));
    });
    await page.getByRole('toolbar').getByRole('button', { name: 'Ask AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await dialog.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
    await runTask(dialog, 'Summarise');
    await answered(dialog);
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const after = await data();
    expect(after).not.toBe(before);
    expect(after.startsWith(before.slice(0, before.indexOf('</p>') + 4))).toBe(true);
    await page.evaluate(() => (window as unknown as { editor: { execute(c: string): void } }).editor.execute('undo'));
    expect(await data()).toBe(before);
    expect(errors).toEqual([]);
  });
});
