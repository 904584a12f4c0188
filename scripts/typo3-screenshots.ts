/**
 * Screenshots of the dialog in the real TYPO3 13.4 backend (the real-TYPO3 test harness: the site, the
 * fake model, Debian's Chromium) into docs/images/typo3-*.png: 1280×800 and 390×844, light and dark, an
 * editor's idle dialog and an answer, the German editor, and the alt-text control on an image reference.
 *
 * npm run screenshots:typo3   (after npm run build: the extension ships the built files)
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { ensureVaultKey, fixture, prepareSite, serveSite, typo3Cli } from './typo3-site';
import { startFakeModel } from '../test/typo3/site/harness/fake-model';
import { openAltTextControl } from '../test/typo3/site/harness/forms';

const OUT = process.env.ASK_AI_SHOTS ?? 'docs/images';
const PASSWORD = 'Editor-Pass-1234!';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SHORTENED = 'The harbour opened in 1871 for the fishing fleet; its lighthouse still stands.';

mkdirSync(OUT, { recursive: true });
const site = await prepareSite((line) => process.stderr.write(`${line}\n`));
await typo3Cli(site, 'cache:flush');
await ensureVaultKey(site);
const model = await startFakeModel();
const server = await serveSite(site, 4);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });

const script = (replies: unknown[]) =>
  fetch(`${model.url}/__fake/replies`, { method: 'POST', body: JSON.stringify(replies) });

async function session(user: string, size: keyof typeof SIZES, scheme: 'light' | 'dark') {
  await fixture(site, 'reset', { modelUrl: model.url });
  await fetch(`${model.url}/__fake`, { method: 'DELETE' });
  const context = await browser.newContext({ baseURL: server.url, viewport: SIZES[size], colorScheme: scheme });
  const page = await context.newPage();
  await page.goto('/typo3/');
  await page.locator('input[name="username"]').fill(user);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/typo3\/(main|module)/, { timeout: 30_000 });
  return { page, close: () => context.close() };
}

async function openElement(page: Page, uid: number) {
  await page.goto(`/typo3/record/edit?edit[tt_content][${uid}]=edit`);
  const frame = page.frameLocator('iframe[name="list_frame"]');
  await frame.locator('.ck-editor__editable').first().waitFor({ timeout: 30_000 });
  return frame;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: /Ask AI|KI fragen/ });
const shot = (page: Page, name: string) => page.screenshot({ path: `${OUT}/${name}.png` });

try {
  for (const size of Object.keys(SIZES) as Array<keyof typeof SIZES>) {
    for (const scheme of ['light', 'dark'] as const) {
      const suffix = `${size === 'desktop' ? '1280' : '390'}-${scheme}`;
      const { page, close } = await session('editor', size, scheme);
      const frame = await openElement(page, 1);
      const paragraph = frame.locator('.ck-editor__editable p').first();
      await paragraph.selectText();
      // On a phone TYPO3 lays the toolbar out beyond the viewport's width: the button's own click event.
      await frame.getByRole('button', { name: 'Ask AI' }).first().dispatchEvent('click');
      await dialog(page).getByRole('option', { name: 'Shorten' }).waitFor();
      await page.waitForTimeout(300);
      await shot(page, `typo3-idle-${suffix}`);
      await script([{ when: 'Shorten', content: SHORTENED, chunkDelayMs: 20 }]);
      await dialog(page).getByRole('option', { name: 'Shorten' }).click();
      await dialog(page).getByRole('button', { name: 'Replace selection' }).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(300);
      await shot(page, `typo3-answer-${suffix}`);
      await close();
    }
  }
  {
    const { page, close } = await session('redakteur', 'desktop', 'light');
    const frame = await openElement(page, 1);
    await frame.locator('.ck-editor__editable p').nth(1).selectText();
    await frame.getByRole('button', { name: 'KI fragen' }).first().click();
    await dialog(page).getByRole('option').first().waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'typo3-idle-de-1280-light');
    await close();
  }
  {
    const { page, close } = await session('editor', 'desktop', 'light');
    await openAltTextControl(page);
    await dialog(page).getByRole('option', { name: 'Alt text' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'typo3-alt-text-1280-light');
    await close();
  }
} finally {
  await browser.close();
  await server.stop();
  await model.close();
}
console.log(`${OUT}: TYPO3 screenshots written`);
