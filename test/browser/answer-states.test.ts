import { describe, expect, it } from 'vitest';
import {
  answered,
  axeViolations,
  holdRuns,
  openDemo,
  openDemoWithSelection,
  page,
  runTask,
  sendInstruction,
  setSimulation,
  toolsLoaded,
  useBrowser,
} from './browser';

useBrowser();

const dialog = (name = 'Ask AI') => page.getByRole('dialog', { name });

/** The action bar's buttons as laid out: name, top edge, right edge, and whether primary. */
const footerButtons = () =>
  page.evaluate(() => {
    const footer = document.querySelector('dialog[open] [data-ask-ai-part="actions"]')!;
    const box = footer.getBoundingClientRect();
    return {
      right: box.right,
      left: box.left,
      buttons: [...footer.querySelectorAll('button')]
        .filter((button) => button.getClientRects().length > 0)
        .map((button) => {
          const rect = button.getBoundingClientRect();
          return {
            name: button.textContent?.trim() ?? '',
            top: Math.round(rect.top),
            left: rect.left,
            right: rect.right,
            primary: button.classList.contains('ask-ai-primary'),
          };
        }),
    };
  });

/** Opens the demo in `locale` with its first paragraph selected (the dialog open, tools loaded). */
async function openWithSelection(locale: 'en' | 'de') {
  if (locale === 'en') return openDemoWithSelection();
  await page.goto('/?locale=de');
  await page.locator('.rte p').first().selectText();
  await page.locator('.rte').dispatchEvent('mouseup');
  await page.getByRole('button', { name: 'KI fragen', exact: true }).first().click();
  await toolsLoaded(dialog('KI fragen'));
}

describe('answers that say what they are, in Chromium', () => {
  // (Which action is primary for which task is the dialog's logic, proven in jsdom: here the bar's layout.)
  it.each([
    ['en', 1280, 800],
    ['de', 360, 740],
  ] as const)(
    'after a rewriting task (%s, %i×%i): Replace selection primary, every action named, in the bar',
    async (locale, width, height) => {
      await page.setViewportSize({ width, height });
      await openWithSelection(locale);
      const d = dialog(locale === 'de' ? 'KI fragen' : 'Ask AI');
      // What the task works on, in one line at the top.
      expect(await d.locator('[data-ask-ai-part="context"]').textContent()).toMatch(
        locale === 'de' ? /^Verwendet den markierten Text/ : /^Uses the selected text/,
      );
      await d.getByRole('option', { name: locale === 'de' ? 'Kürzen' : 'Shorten', exact: true }).click();
      const replace = d.getByRole('button', { name: locale === 'de' ? 'Markierung ersetzen' : 'Replace selection' });
      await replace.waitFor();
      const bar = await footerButtons();
      expect(bar.buttons.map((button) => button.name)).toEqual(
        locale === 'de' ? ['Darunter einfügen', 'Markierung ersetzen'] : ['Insert below', 'Replace selection'],
      );
      expect(bar.buttons.filter((button) => button.primary).map((button) => button.name)).toEqual([
        locale === 'de' ? 'Markierung ersetzen' : 'Replace selection',
      ]);
      for (const button of bar.buttons) {
        expect(button.left).toBeGreaterThanOrEqual(bar.left);
        expect(button.right).toBeLessThanOrEqual(bar.right + 0.5);
      }
      // One row, the primary at its end — on a phone as equal columns whose names may take two lines.
      expect(new Set(bar.buttons.map((button) => button.top)).size).toBe(1);
      expect(bar.buttons[1]!.left).toBeGreaterThan(bar.buttons[0]!.left);
      if (width < 600) {
        const widths = bar.buttons.map((button) => button.right - button.left);
        expect(Math.abs(widths[0]! - widths[1]!)).toBeLessThan(1);
        for (const w of widths) expect(w).toBeGreaterThan((width - 60) / 2);
      }
      // The focus waits on the primary: Enter takes the answer.
      expect(await replace.evaluate((el) => el === (el.getRootNode() as Document).activeElement)).toBe(true);
      expect(await axeViolations(page, 'dialog[open]'), `answer ${locale} ${width}`).toEqual([]);
    },
  );

  it('without a selection Insert is primary; Copy and Regenerate are the answer’s own; no usage shown', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDemo();
    await runTask(dialog(), 'Summarise');
    await dialog().getByRole('button', { name: 'Insert below' }).waitFor();
    const bar = await footerButtons();
    expect(bar.buttons.filter((button) => button.primary).map((button) => button.name)).toEqual(['Insert below']);
    const card = dialog().locator('[data-ask-ai-part="answer-card"]');
    await card.getByRole('button', { name: 'Copy' }).waitFor();
    await card.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(await dialog().locator('[data-ask-ai-part="outcome"]').count()).toBe(0);
    expect(await dialog().textContent()).not.toMatch(/tokens|Run ID|Steps|Done\./);
    expect(await axeViolations(page, 'dialog[open]'), 'done').toEqual([]);
  });

  it('marks a stopped answer incomplete, still usable; a failed run leaves the earlier answer labelled', async () => {
    await openDemoWithSelection();
    // The run is held with its first words in view: Stop meets it running, however busy the machine.
    const run = await holdRuns();
    await runTask(dialog(), 'Improve');
    await run.asked();
    await run.send({ event: 'delta', text: 'The first words of a better' });
    await dialog().locator('[data-ask-ai-part="answer-text"]').waitFor();
    await dialog().getByRole('button', { name: 'Stop' }).click();
    const card = dialog().locator('[data-ask-ai-part="answer-card"]');
    await card.getByText('Incomplete').waitFor();
    expect(await dialog().locator('[data-ask-ai-part="outcome"]').textContent()).toBe('Stopped.');
    expect(await dialog().getByRole('button', { name: 'Insert' }).isEnabled()).toBe(true);
    expect(await axeViolations(page, 'dialog[open]'), 'stopped, incomplete').toEqual([]);

    await run.restore();
    // With an answer in view the prompt refines it: a refinement that works, then one that fails.
    await sendInstruction(dialog(), 'Make it shorter');
    await answered(dialog());
    await setSimulation({ fault: 'server-error' });
    await sendInstruction(dialog(), 'Make it friendlier');
    await dialog().locator('[data-ask-ai-part="outcome"][data-tone="alert"]').waitFor();
    await card.getByText('Earlier answer').waitFor();
    // The earlier answer says what produced it, not the failed refinement.
    expect(await card.locator('[data-ask-ai-part="provenance"]').textContent()).toContain('Make it shorter');
    expect(await axeViolations(page, 'dialog[open]'), 'failed, earlier answer').toEqual([]);
  });

  it('Show changes replaces the answer in the card with the changes, and back', async () => {
    await openDemoWithSelection();
    await runTask(dialog(), 'Improve');
    const card = dialog().locator('[data-ask-ai-part="answer-card"]');
    const toggle = card.getByRole('button', { name: 'Show changes' });
    await toggle.click();
    const changes = card.getByRole('region', { name: 'Changes' });
    await changes.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog().getByRole('region', { name: 'Changes' }).count()).toBe(1);
    // The answer is set aside in its place: out of view, and of the accessibility tree (axe below).
    expect(await card.locator('.ask-ai-answer-blocks').isVisible()).toBe(false);
    expect(
      await card.locator('.ask-ai-answer-blocks').evaluate((blocks) => blocks.closest('[aria-hidden="true"]') !== null),
    ).toBe(true);
    expect(await changes.locator('del, ins').count()).toBeGreaterThan(0);
    expect(await axeViolations(page, 'dialog[open]'), 'changes shown').toEqual([]);
    await toggle.click();
    await card.locator('.ask-ai-answer-blocks').waitFor();
    expect(await changes.count()).toBe(0);
  });

  it('Show changes on an answer too long to compare says so by the button, the answer staying in view', async () => {
    const answer = Array.from({ length: 2_500 }, (_, i) => `word${i}`).join(' ');
    const body = JSON.stringify({ success: true, finalContent: answer, iterations: 1, truncated: false, usage: [] });
    await page.route('**/api/ask-ai/run*', (route) => route.fulfill({ contentType: 'application/json', body }));
    try {
      await openDemoWithSelection();
      await runTask(dialog(), 'Improve');
      const card = dialog().locator('[data-ask-ai-part="answer-card"]');
      await card.getByRole('button', { name: 'Show changes' }).click();
      const note = card.getByRole('region', { name: 'Changes' }).getByText(/^Too long to compare here/);
      await note.waitFor();
      const blocks = card.locator('.ask-ai-answer-blocks');
      expect(await blocks.isVisible()).toBe(true);
      expect(await card.getByText('word2499').isVisible()).toBe(true);
      // Under the answer, by the button pressed: in the dialog's view, where the answer's end was.
      const [noteBox, blocksBox, bodyBox] = await Promise.all([
        note.boundingBox(),
        blocks.boundingBox(),
        dialog().locator('[data-ask-ai-part="body"]').boundingBox(),
      ]);
      expect(noteBox!.y).toBeGreaterThan(blocksBox!.y + blocksBox!.height - 1);
      expect(noteBox!.y).toBeGreaterThanOrEqual(bodyBox!.y);
      expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(bodyBox!.y + bodyBox!.height);
      expect(await axeViolations(page, 'dialog[open]'), 'too long to compare').toEqual([]);
      await card.getByRole('button', { name: 'Show changes' }).click();
      await note.waitFor({ state: 'detached' });
      expect(await blocks.isVisible()).toBe(true);
    } finally {
      await page.unroute('**/api/ask-ai/run*');
    }
  });
});

describe('the sheet on a phone, in Chromium', () => {
  it('stays the whole screen while a task runs (360×740), Stop at its foot', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await setSimulation({ fault: 'stalled-stream', latency: 300 });
    await openDemoWithSelection();
    await runTask(dialog(), 'Improve');
    await dialog().locator('[data-ask-ai-part="answer-text"]').waitFor();
    expect(await dialog().boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 740 });
    const stop = await dialog().getByRole('button', { name: 'Stop' }).boundingBox();
    expect(stop!.y + stop!.height).toBeGreaterThan(740 - 60);
  });
});

describe('a failure on a phone, in Chromium', () => {
  it('brings the alert into view (360×740), Try again focused at the foot', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await setSimulation({ fault: 'server-error' });
    await openDemoWithSelection();
    await runTask(dialog(), 'Improve');
    const alert = dialog().getByRole('alert');
    await alert.waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('dialog[open] [role="alert"]')!.getBoundingClientRect();
      const footer = document.querySelector('dialog[open] [data-ask-ai-part="actions"]')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= footer.top + 1;
    });
    expect(
      await dialog()
        .getByRole('button', { name: 'Try again' })
        .evaluate((el) => el === (el.getRootNode() as Document).activeElement),
    ).toBe(true);
  });
});

describe('the task list, in Chromium', () => {
  it('is driven from the prompt: ↓/↑ move, Enter opens a heading, Esc folds back, never closing', async () => {
    await openDemoWithSelection();
    const prompt = dialog().getByRole('textbox', { name: 'Instruction' });
    expect(await prompt.evaluate((el) => el === (el.getRootNode() as Document).activeElement)).toBe(true);
    await prompt.press('ArrowUp');
    // From the end: "More tasks".
    const active = () =>
      prompt.evaluate((el) => {
        const id = el.getAttribute('aria-activedescendant');
        return id ? (el.getRootNode() as Document).getElementById(id)?.textContent : null;
      });
    expect(await active()).toBe('More tasks›');
    await prompt.press('Enter');
    await dialog().getByRole('group', { name: 'Write' }).waitFor();
    expect(await axeViolations(page, 'dialog[open]'), 'all tasks').toEqual([]);
    // Through the Edit group to "Change tone" and open it.
    for (let i = 0; i < 6; i++) await prompt.press('ArrowDown');
    expect(await active()).toBe('Change tone›');
    await prompt.press('Enter');
    await dialog().getByRole('option', { name: 'Friendlier' }).waitFor();
    await prompt.press('Escape');
    await prompt.press('Escape');
    expect(await dialog().getByRole('listbox', { name: 'Tasks' }).getByRole('option').allTextContents()).toEqual([
      'Improve',
      'Fix spelling',
      'Shorten',
      'More tasks›',
    ]);
    expect(await dialog().isVisible()).toBe(true);
    await prompt.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('narrows as one types; the words stay words until a task is picked, and a picked task runs alone', async () => {
    await openDemoWithSelection();
    const prompt = dialog().getByRole('textbox', { name: 'Instruction' });
    await prompt.fill('simp');
    expect(await dialog().getByRole('listbox', { name: 'Tasks' }).getByRole('option').allTextContents()).toEqual([
      'Simplify',
    ]);
    expect(await prompt.getAttribute('aria-activedescendant')).toBeNull();
    await prompt.press('ArrowDown');
    await prompt.press('Enter');
    await answered(dialog());
    expect(await dialog().locator('[data-ask-ai-part="provenance"]').textContent()).toBe('Simplify');
    expect(await prompt.inputValue()).toBe('');
  });
});

describe('states, in Chromium', () => {
  it('without permission: one alert, every task and the prompt disabled, axe clean', async () => {
    await setSimulation({ user: 'no-grant' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
    const alert = dialog().getByRole('alert');
    await alert.waitFor();
    expect(await dialog().getByRole('alert').count()).toBe(1);
    expect(await alert.textContent()).toMatch(/^You do not have permission to use AI tasks\./);
    expect(await dialog().getByRole('textbox', { name: 'Instruction' }).isDisabled()).toBe(true);
    const tasks = dialog().locator('[data-ask-ai-part="task"]');
    expect(await tasks.count()).toBe(3);
    for (const task of await tasks.all()) expect(await task.getAttribute('aria-disabled')).toBe('true');
    expect(await axeViolations(page, 'dialog[open]'), 'no permission').toEqual([]);
  });
});
