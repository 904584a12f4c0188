import { describe, expect, it } from 'vitest';
import {
  dialog,
  dialogOnParagraph,
  login,
  model,
  openContentElement,
  openDialog,
  page,
  route,
  selectParagraph,
  sentText,
  sql,
  typo3,
  useTypo3,
} from './harness/backend';

const ROUTES = ['ask_ai_tools', 'ask_ai_tasks', 'ask_ai_run', 'ask_ai_cancel', 'ask_ai_outcome', 'ask_ai_routes'];

describe('who may ask, in the real TYPO3', () => {
  useTypo3();

  it('an editor without nr-llm’s grant sees no Ask AI, and every route answers 403 to their session', async () => {
    await login('plain');
    const frame = await openContentElement(1);
    // The editor is there, with its own toolbar, but no Ask AI in it.
    await frame.getByRole('button', { name: 'Bold' }).first().waitFor();
    expect(await frame.getByRole('button', { name: 'Ask AI' }).count()).toBe(0);
    for (const name of ROUTES) {
      const get = name === 'ask_ai_tools' || name === 'ask_ai_tasks' || name === 'ask_ai_routes';
      const answer = await route(
        name,
        get ? undefined : { prompt: 'Shorten this.', tools: [], requestId: 'forbidden-1', correlationId: 'x' },
      );
      expect(answer.status, name).toBe(403);
      expect(answer.type, name).toMatch(/json/);
    }
    expect(await model.log()).toEqual([]);
  });

  it('a German editor: button and dialog in German, the run carrying the record’s language', async () => {
    await model.script({ when: 'Kürze', content: 'Der Hafen öffnete 1871.' }, { content: 'Der Hafen öffnete 1871.' });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ask-ai/run')) sent.push(request.postData() ?? '');
    });
    const { ask } = await dialogOnParagraph({ as: 'redakteur', trigger: 'KI fragen' });
    await ask.getByRole('textbox', { name: 'Anweisung' }).waitFor();
    await ask.getByRole('option', { name: 'Kürzen' }).click();
    await ask.getByText('Der Hafen öffnete 1871.').waitFor();
    await ask.getByRole('button', { name: 'Markierung ersetzen' }).waitFor();
    expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({
      context: { recordTable: 'tt_content', recordField: 'bodytext', contentLanguage: expect.any(String) },
    });
    expect((await model.log()).map(sentText).join('\n')).toContain('served the fishing fleet');
  });

  it('an administrator sees the run’s details; an editor does not', async () => {
    await model.script({ content: 'Short.', times: null });
    let { ask } = await dialogOnParagraph({ as: 'admin' });
    await ask.getByRole('option', { name: 'Shorten' }).click();
    await ask.getByText('Short.').waitFor();
    await ask.getByText('Details', { exact: false }).first().waitFor();

    await page.context().clearCookies();
    ({ ask } = await dialogOnParagraph({ as: 'editor' }));
    await ask.getByRole('option', { name: 'Shorten' }).click();
    await ask.getByText('Short.').waitFor();
    expect(await ask.getByText('Details', { exact: false }).count()).toBe(0);
    expect(await ask.getByText(/tokens/).count()).toBe(0);
  });

  it('a session that ends while the dialog is open: the dialog says so and offers to log in again', async () => {
    await model.script({ content: 'Short.', times: null });
    const { ask } = await dialogOnParagraph({ as: 'editor' });
    await ask.getByRole('option', { name: 'Shorten' }).waitFor();
    await sql('DELETE FROM be_sessions');
    await ask.getByRole('option', { name: 'Shorten' }).click();
    const alert = ask.getByRole('alert').first();
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/session has expired/);
    await ask
      .getByRole('button', { name: /Log in again/ })
      .or(ask.getByRole('link', { name: /Log in again/ }))
      .first()
      .waitFor();
    expect(await model.log()).toEqual([]);
    // Without a session every route of the dialog — the public ask_ai_routes too — is TYPO3's 302 to its
    // login, before the extension sees the request (measured; docs/typo3.md says so): the dialog reads it
    // as a session that ended.
    for (const path of ['/typo3/ajax/ask-ai/routes', '/typo3/ajax/ask-ai/tools']) {
      const answer = await fetch(new URL(path, typo3().url), { redirect: 'manual' });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('location'), path).toMatch(/\/typo3\/login$/);
    }
  });
});

describe('the dialog in the backend, in the real TYPO3', () => {
  useTypo3();

  it('looks like TYPO3: buttons compute as the backend’s .btn; the whole backend dimmed and inert', async () => {
    const { ask } = await dialogOnParagraph({ as: 'editor' });
    await model.script({ content: 'Short.' });
    await ask.getByRole('option', { name: 'Shorten' }).click();
    await ask.getByText('Short.').waitFor();
    const look = (selector: string) =>
      page.evaluate((s) => {
        const probe = document.createElement('button');
        probe.className = s;
        probe.textContent = 'Probe';
        document.body.append(probe);
        const c = getComputedStyle(probe);
        const seen = [c.fontFamily, c.fontSize, c.borderTopLeftRadius, c.backgroundColor, c.color, c.borderTopColor];
        probe.remove();
        return seen;
      }, selector);
    const ours = async (name: string) =>
      ask.getByRole('button', { name }).evaluate((el) => {
        const c = getComputedStyle(el);
        return [c.fontFamily, c.fontSize, c.borderTopLeftRadius, c.backgroundColor, c.color, c.borderTopColor];
      });
    expect(await ours('Insert')).toEqual(await look('btn btn-default'));
    expect(await ours('Replace selection')).toEqual(await look('btn btn-primary'));
    // The module menu, bright and clickable in the backend, is under the backdrop while the dialog is open.
    const menu = page.locator('.scaffold-modulemenu').first();
    const box = await menu.boundingBox();
    expect(box).not.toBeNull();
    const hit = await page.evaluate(
      ([x, y]) => {
        const el = document.elementFromPoint(x, y);
        return el?.closest('.scaffold-modulemenu') !== null;
      },
      [box!.x + box!.width / 2, box!.y + Math.min(40, box!.height / 2)] as const,
    );
    expect(hit).toBe(false);
    await expect(page.locator('.modulemenu-action').first().click({ timeout: 1_000 })).rejects.toThrow();
    expect(await dialog().isVisible()).toBe(true);
  });

  it('opens clean: a prompt, the tasks, Close — reopened after a run, no instruction, no answer armed', async () => {
    await model.script({ content: 'A shorter paragraph.', times: null });
    const { frame, ask } = await dialogOnParagraph({ as: 'editor' });
    await ask.getByRole('option', { name: 'Shorten' }).waitFor();
    const controls = await ask.locator('button:visible, textarea:visible, input:visible, select:visible').count();
    expect(controls).toBeLessThanOrEqual(6);
    // The interface's own words in view (the tasks' names are the list, not words to read).
    const words = await ask.evaluate((dialog) => {
      const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
      let count = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('[role="listbox"], [role="status"], [aria-hidden="true"]')) continue;
        if (parent.getClientRects().length === 0) continue;
        count += (node.textContent ?? '').split(/\s+/).filter(Boolean).length;
      }
      return count;
    });
    console.log(`idle: ${controls} controls, ${words} words`);
    expect(words).toBeLessThanOrEqual(25);
    await ask.getByRole('textbox', { name: 'Instruction' }).fill('Make it a question');
    await ask.getByRole('textbox', { name: 'Instruction' }).press('Enter');
    await ask.getByText('A shorter paragraph.').waitFor();
    await ask.getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await selectParagraph(frame, 1);
    const again = await openDialog(frame);
    expect(await again.getByRole('textbox', { name: 'Instruction' }).inputValue()).toBe('');
    expect(await again.getByText('A shorter paragraph.').count()).toBe(0);
    expect(await again.getByRole('button', { name: 'Replace selection' }).count()).toBe(0);
  });
});
