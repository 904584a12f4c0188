import { describe, expect, it } from 'vitest';
import { axeViolations, openDemoWithSelection, page, setSimulation, useBrowser } from './browser';

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
  await dialog('KI fragen')
    .getByText(/^Werkzeuge: \d+ verfügbar/)
    .waitFor();
}

describe('answers that say what they are, in Chromium', () => {
  it.each([
    ['en', 1280, 800],
    ['en', 360, 740],
    ['de', 360, 740],
    ['de', 1280, 800],
  ] as const)(
    'after a rewriting task (%s, %i×%i): Replace selection primary, at most three actions, one row',
    async (locale, width, height) => {
      await page.setViewportSize({ width, height });
      await openWithSelection(locale);
      const d = dialog(locale === 'de' ? 'KI fragen' : 'Ask AI');
      // The text being worked on stays in view: an excerpt of the selection at the top of the body.
      const excerpt = d.locator('[data-ask-ai-part="selection"]');
      expect(await excerpt.isVisible()).toBe(true);
      expect(await excerpt.textContent()).toMatch(/\S{3,}/);
      await d.getByRole('button', { name: locale === 'de' ? 'Kürzen' : 'Shorten', exact: true }).click();
      const replace = d.getByRole('button', { name: locale === 'de' ? 'Markierung ersetzen' : 'Replace selection' });
      await replace.waitFor();
      const bar = await footerButtons();
      expect(bar.buttons.length).toBeGreaterThanOrEqual(2);
      expect(bar.buttons.length).toBeLessThanOrEqual(3);
      // One row, inside the bar.
      expect(new Set(bar.buttons.map((button) => button.top)).size).toBe(1);
      for (const button of bar.buttons) {
        expect(button.left).toBeGreaterThanOrEqual(bar.left);
        expect(button.right).toBeLessThanOrEqual(bar.right + 0.5);
      }
      expect(bar.buttons.filter((button) => button.primary).map((button) => button.name)).toEqual([
        locale === 'de' ? 'Markierung ersetzen' : 'Replace selection',
      ]);
      // Every action keeps its accessible name where only its icon shows.
      await d.getByRole('button', { name: locale === 'de' ? 'Einfügen' : 'Insert', exact: true }).waitFor();
      expect(await excerpt.isVisible()).toBe(true);
    },
  );

  it('after a generating task Insert is primary; Copy and Regenerate are the answer’s own', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDemoWithSelection();
    await dialog().getByRole('button', { name: 'Summarise', exact: true }).click();
    await dialog().getByRole('button', { name: 'Insert' }).waitFor();
    const bar = await footerButtons();
    expect(bar.buttons.filter((button) => button.primary).map((button) => button.name)).toEqual(['Insert']);
    const card = dialog().locator('[data-ask-ai-part="answer-card"]');
    await card.getByRole('button', { name: 'Copy' }).waitFor();
    await card.getByRole('button', { name: 'Regenerate' }).waitFor();
    // "Done." is the card's; usage waits in its Details, not in the bar.
    expect(await card.getByText('Done.').count()).toBe(1);
    expect(await dialog().locator('[data-ask-ai-part="outcome"]').count()).toBe(0);
    expect(await dialog().locator('[data-ask-ai-part="actions"]').textContent()).not.toMatch(/tokens/);
    await card.getByText('Details').click();
    await card.getByText(/^\d+ tokens/).waitFor();
    expect(await axeViolations(page, 'dialog[open]'), 'done, details open').toEqual([]);
  });

  it('marks a stopped answer incomplete, still usable; a failed run leaves the earlier answer labelled', async () => {
    await setSimulation({ latency: 250 });
    await openDemoWithSelection();
    await dialog().getByRole('button', { name: 'Summarise', exact: true }).click();
    await dialog().getByRole('region', { name: 'Answer' }).waitFor();
    await dialog().getByRole('button', { name: 'Stop' }).click();
    const card = dialog().locator('[data-ask-ai-part="answer-card"]');
    await card.getByText('Incomplete').waitFor();
    expect(await dialog().getByRole('button', { name: 'Insert' }).isEnabled()).toBe(true);
    expect(await axeViolations(page, 'dialog[open]'), 'stopped, incomplete').toEqual([]);

    await setSimulation({ latency: 0 });
    await dialog().getByRole('button', { name: 'Summarise', exact: true }).click();
    await card.getByText('Done.').waitFor();
    await setSimulation({ fault: 'server-error' });
    await dialog().getByRole('button', { name: 'Shorten', exact: true }).click();
    await dialog().locator('[data-ask-ai-part="outcome"][data-tone="alert"]').waitFor();
    await card.getByText('Earlier answer').waitFor();
    // The earlier answer says what produced it, not the failed task.
    expect(await card.locator('[data-ask-ai-part="provenance"]').textContent()).toContain('Summarise');
    expect(await axeViolations(page, 'dialog[open]'), 'failed, earlier answer').toEqual([]);
  });

  it('Show changes replaces the answer in the card with the changes, and back', async () => {
    await openDemoWithSelection();
    await dialog().getByRole('button', { name: 'Improve', exact: true }).click();
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
      await dialog().getByRole('button', { name: 'Improve', exact: true }).click();
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
    await dialog().getByRole('button', { name: 'Summarise', exact: true }).click();
    await dialog().getByRole('region', { name: 'Answer' }).waitFor();
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
    await dialog().getByRole('button', { name: 'Summarise', exact: true }).click();
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

describe('the task menu, in Chromium', () => {
  it('Change tone opens a menu: Esc closes it and keeps the dialog; an item runs and changes the text', async () => {
    await openDemoWithSelection();
    const tone = dialog().getByRole('button', { name: 'Change tone' });
    await tone.click();
    const menu = dialog().getByRole('menu', { name: 'Change tone' });
    await menu.waitFor();
    expect(await axeViolations(page, 'dialog[open]'), 'tone menu open').toEqual([]);
    await page.keyboard.press('ArrowDown');
    expect(
      await menu.getByRole('menuitem', { name: 'Friendlier' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await dialog().isVisible()).toBe(true);
    expect(await tone.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await menu.getByRole('menuitem', { name: 'Friendlier' }).click();
    await dialog()
      .getByText(/^Good news!/)
      .waitFor();
    expect(await dialog().getByRole('button', { name: 'Replace selection' }).getAttribute('class')).toContain(
      'ask-ai-primary',
    );
  });

  it('Find a task narrows the tasks as one types; Enter runs the first', async () => {
    await openDemoWithSelection();
    const filter = dialog().getByRole('searchbox', { name: 'Find a task' });
    await filter.fill('simp');
    const tasks = dialog().getByRole('group', { name: 'Tasks' }).getByRole('button');
    expect(await tasks.allTextContents()).toEqual(['Simplify']);
    await filter.press('Enter');
    await dialog().locator('[data-ask-ai-part="answer"][data-state="done"]').waitFor();
    expect(await dialog().locator('[data-ask-ai-part="provenance"]').textContent()).toContain('Simplify this text');
  });
});

describe('states, in Chromium', () => {
  it('without permission: one alert, every task and Run disabled, axe clean', async () => {
    await setSimulation({ user: 'no-grant' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
    const alert = dialog().getByRole('alert');
    await alert.waitFor();
    expect(await dialog().getByRole('alert').count()).toBe(1);
    expect(await alert.textContent()).toMatch(/^You do not have permission to use AI tasks\./);
    expect(await dialog().getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
    const tasks = dialog().getByRole('group', { name: 'Tasks' }).getByRole('button');
    for (const task of await tasks.all()) expect(await task.isDisabled()).toBe(true);
    expect(await axeViolations(page, 'dialog[open]'), 'no permission').toEqual([]);
  });

  it('Run is disabled during a Retry-After countdown, and sends nothing', async () => {
    let runs = 0;
    await page.route('**/api/ask-ai/run*', (route) => {
      runs++;
      return route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
        body: JSON.stringify({ success: false, error: 'Too many requests.' }),
      });
    });
    await openDemoWithSelection();
    await dialog().getByRole('textbox', { name: 'Instruction' }).fill('Summarise this.');
    await dialog().getByRole('button', { name: 'Run' }).click();
    await dialog().locator('[data-ask-ai-part="countdown"]').waitFor();
    const run = dialog().getByRole('button', { name: 'Run' });
    expect(await run.isDisabled()).toBe(true);
    expect(await run.getAttribute('aria-describedby')).toBeTruthy();
    await dialog().getByRole('textbox', { name: 'Instruction' }).press('Enter');
    expect(runs).toBe(1);
    expect(await axeViolations(page, 'dialog[open]'), 'countdown').toEqual([]);
  });
});
