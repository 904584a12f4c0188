import { describe, expect, it } from 'vitest';
import { page, setSimulation, useBrowser, openDemo, runTask, answered } from './browser';

useBrowser();

const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });

/** Whether the focus is in the demo's rich-text field (where an applied or closed dialog leaves it). */
const inEditor = () => page.evaluate(() => document.activeElement?.closest('.rte') !== null);

/** The element focused now, through shadow roots: its accessible-ish description. */
const focused = () =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const inDialog = Boolean(el?.closest('dialog'));
    return {
      tag: el?.tagName ?? null,
      text: (el?.textContent ?? '').trim().slice(0, 40),
      label: el?.getAttribute('aria-label') ?? null,
      inDialog,
    };
  });

describe('the demo editor in Chromium', () => {
  it('runs a preset, shows the answer and inserts it into the editor', async () => {
    await openDemo();
    await runTask(dialog(), 'Summarise');
    const answer = dialog().getByRole('region', { name: 'Answer' });
    await answered(dialog());
    const text = (await answer.locator('.ask-ai-answer-blocks').textContent()) ?? '';
    expect(text).toMatch(/reading garden/);
    await dialog().getByRole('button', { name: 'Insert' }).click();
    // Insert closes the dialog by default; the focus is back in the editor, on the new words.
    await dialog().waitFor({ state: 'hidden' });
    expect(await inEditor()).toBe(true);
    const inserted = page.locator('.rte [data-ai-written]');
    await inserted.first().waitFor();
    expect((await inserted.allTextContents()).join(' ').replace(/\s+/g, ' ')).toContain(
      text.trim().split(/\s+/).slice(0, 4).join(' '),
    );
  });

  it('moves focus in, keeps Tab inside, and returns focus to the editor', async () => {
    await openDemo();
    expect(await focused()).toMatchObject({ tag: 'TEXTAREA', inDialog: true });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      expect(f.inDialog, `Tab ${i + 1} left the dialog for ${f.tag} ${f.text}`).toBe(true);
      seen.add(`${f.tag}:${f.text}:${f.label}`);
    }
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused()).inDialog).toBe(true);
    }
    // Idle, the dialog is a prompt (its list is reached by the arrow keys, not by Tab), the simulation's
    // knobs and Close.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    await dialog().getByRole('button', { name: 'Close' }).click();
    expect(await inEditor()).toBe(true);
  });

  it('keeps the page behind inert while open', async () => {
    await openDemo();
    const behind = await page.evaluate(() => {
      const header = document.querySelector<HTMLInputElement>('#header')!;
      const box = header.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + 4, box.y + 4);
      header.focus();
      return {
        modal: document.querySelector('dialog[open]')?.matches(':modal'),
        hitHeader: hit === header,
        focusedHeader: document.activeElement === header,
      };
    });
    expect(behind).toEqual({ modal: true, hitHeader: false, focusedHeader: false });
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).inDialog).toBe(true);
  });

  it('runs on Enter, makes a new line on Shift+Enter', async () => {
    await openDemo();
    const box = dialog().getByRole('textbox', { name: 'Instruction' });
    await box.fill('Shorten');
    await box.press('Shift+Enter');
    await box.type('this text');
    expect(await box.inputValue()).toBe('Shorten\nthis text');
    await box.press('Enter');
    await answered(dialog());
  });

  it('stops a running task on Esc, closes on the next Esc, and keeps the partial answer', async () => {
    // The stream sends part of the answer, then waits: the task is surely still running when Esc comes.
    await setSimulation({ fault: 'stalled-stream' });
    await openDemo();
    const box = dialog().getByRole('textbox', { name: 'Instruction' });
    await box.fill('Summarise this text in two sentences.');
    await box.press('Enter');
    await dialog().getByRole('button', { name: 'Stop' }).waitFor();
    // The first words are there (the answer's place shows from the start, the words when they come).
    await dialog().locator('[data-ask-ai-part="answer-text"]').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await dialog().getByText('Stopped.').first().waitFor();
    const answerText = async () =>
      (
        (await dialog()
          .getByRole('region', { name: 'Answer' })
          .locator('[data-ask-ai-part="answer-text"]')
          .textContent()) ?? ''
      ).trim();
    const partial = await answerText();
    expect(partial.length).toBeGreaterThan(0);
    expect(await dialog().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
    // Reopened, the dialog opens clean; the stopped answer is one click away.
    await dialog()
      .getByRole('button', { name: /^Show earlier answers/ })
      .click();
    await dialog().getByRole('region', { name: 'Answer' }).waitFor();
    expect(await answerText()).toBe(partial);
  });

  it('changes the withheld list an administrator sees when an operator setting flips', async () => {
    await setSimulation({ user: 'admin' });
    await openDemo();
    await dialog()
      .getByText(/^Tools:/)
      .click();
    const withheld = dialog().getByRole('list', { name: 'Withheld' });
    await withheld.getByText('Read a web page').waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await page.getByRole('checkbox', { name: 'Web page reader needs approval' }).uncheck();
    await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
    await dialog()
      .getByText(/^Tools:/)
      .click();
    await dialog().getByRole('list', { name: 'Available to the AI' }).getByText('Read a web page').waitFor();
    expect(await withheld.getByText('Read a web page').count()).toBe(0);
  });

  it('shows the suspension message with the inbox id', async () => {
    await openDemo();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await page.getByRole('combobox', { name: 'Fault' }).selectOption('suspend-approval');
    await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
    await runTask(dialog(), 'Keywords');
    const alert = dialog().getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /Update page metadata needs someone’s approval.*under the id [0-9a-f-]{36}/,
    );
  });
});
