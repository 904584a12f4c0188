import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  answered,
  holdRuns,
  openDemoWithSelection,
  page,
  runTask,
  setSimulation,
  toolsLoaded,
  useBrowser,
} from './browser';

useBrowser();

/**
 * The editor's flow in Chromium, on each editor the package integrates — CKEditor 5 (the demo, React),
 * Tiptap 3, a plain textarea and a contenteditable region (the built standalone widget on the TYPO3-like
 * fields page): the dialog sits beside the held selection and never over it, wherever the selection is on
 * the screen and at either size; it follows a scroll; and however it closes — Esc, ×, a click on the
 * backdrop, after Stop — the focus is back in the editor, on the selection it held.
 */

interface Box {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

/** Where on the screen the selected paragraph's top goes: the upper, middle and lower third. */
const THIRDS = [1 / 6, 1 / 2, 5 / 6] as const;

const PARAGRAPHS = Array.from(
  { length: 14 },
  (_, i) => `Paragraph ${i + 1}: the reading garden opens in June, and every visitor may borrow a sun lounger.`,
);

const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });

/** The open dialog's box, once it has been placed (a placement waits for the next frame after a scroll). */
async function dialogBox(): Promise<Box> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return dialog().evaluate((element) => {
    const { top, left, right, bottom } = element.getBoundingClientRect();
    return { top, left, right, bottom };
  });
}

async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { top, left, right, bottom } = element.getBoundingClientRect();
    return { top, left, right, bottom };
  });
}

const apart = (a: Box, b: Box) => a.right <= b.left || a.left >= b.right || a.bottom <= b.top || a.top >= b.bottom;

/** The selection's box as the page shows it: a textarea's text (the field fits it), else the selected range's. */
async function selectionBox(block: Locator): Promise<Box> {
  return block.evaluate((element) => {
    const box =
      element instanceof HTMLTextAreaElement
        ? element.getBoundingClientRect()
        : document.getSelection()!.getRangeAt(0).getBoundingClientRect();
    return { top: box.top, left: box.left, right: box.right, bottom: box.bottom };
  });
}

/** Room to scroll any block of the page to any third of the screen. */
const roomToScroll = (p: Page) => p.evaluate(() => Object.assign(document.body.style, { paddingBlock: '100vh' }));

/** Scrolls the page so that `target`'s top stands at `fraction` of the viewport's height. */
async function bringTo(target: Locator, fraction: number) {
  await target.evaluate((element, at) => {
    const top = element.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, Math.max(0, top - window.innerHeight * at));
  }, fraction);
}

type CloseWay = 'Escape' | '×' | 'backdrop' | 'Stop, then Escape';

async function close(way: CloseWay, box: Box) {
  if (way === '×') await dialog().getByRole('button', { name: 'Close' }).click();
  else if (way === 'backdrop') {
    // A corner of the screen the dialog does not cover (the backdrop is there).
    const x = box.left > 40 ? 8 : page.viewportSize()!.width - 8;
    await page.mouse.click(x, page.viewportSize()!.height - 8);
  } else {
    if (way === 'Stop, then Escape') {
      // A task that waits for the model: held by the simulation until Stop.
      await setSimulation({ fault: 'stalled-stream' });
      const prompt = dialog().getByRole('textbox', { name: 'Instruction' });
      await prompt.fill('Shorten');
      await dialog().getByRole('option', { name: 'Shorten', exact: true }).click();
      await dialog().getByRole('button', { name: 'Stop' }).click();
      await dialog().and(page.locator('[data-state="stopped"]')).waitFor();
      await setSimulation({ fault: null });
    }
    await page.keyboard.press('Escape');
  }
  await dialog().waitFor({ state: 'hidden' });
}

interface EditorPage {
  readonly name: string;
  readonly open: (p: Page) => Promise<void>;
  /** The n-th block the editor shows. */
  readonly block: (n: number) => Locator;
  /** Selects the block's text, as an editor does. */
  readonly select: (block: Locator) => Promise<void>;
  readonly trigger: () => Promise<void>;
  /** Whether the focus is in the editor, and what its selection holds. */
  readonly focus: () => Promise<{ inEditor: boolean; selected: string }>;
}

const focusIn = (selector: string) => () =>
  page.evaluate((sel) => {
    const active = document.activeElement;
    const field = active instanceof HTMLTextAreaElement ? active : null;
    return {
      inEditor: Boolean(active?.closest(sel)),
      selected: field
        ? field.value.slice(field.selectionStart, field.selectionEnd)
        : (document.getSelection()?.toString() ?? ''),
    };
  }, selector);

const EDITORS: EditorPage[] = [
  {
    name: 'CKEditor 5 (the demo)',
    async open(p) {
      await p.goto('/');
      await p.locator('.rte .ck-editor__editable').waitFor();
      await p.evaluate((paragraphs) => {
        const editable = document.querySelector('.rte .ck-editor__editable') as Element & {
          ckeditorInstance: { setData(html: string): void };
        };
        editable.ckeditorInstance.setData(paragraphs.map((text) => `<p>${text}</p>`).join(''));
      }, PARAGRAPHS);
      await roomToScroll(p);
    },
    block: (n) => page.locator('.rte .ck-editor__editable p').nth(n),
    async select(block) {
      await block.selectText();
      await page.locator('.rte .ck-editor__editable').dispatchEvent('mouseup');
    },
    trigger: () => page.keyboard.press('Control+j'),
    focus: focusIn('.rte .ck-editor__editable'),
  },
  {
    name: 'Tiptap 3',
    async open(p) {
      await p.goto('/tiptap.html');
      await p.locator('body[data-editor="ready"]').waitFor();
      await p.evaluate((paragraphs) => {
        const { editor } = window as unknown as { editor: { commands: { setContent(html: string): void } } };
        editor.commands.setContent(paragraphs.map((text) => `<p>${text}</p>`).join(''));
      }, PARAGRAPHS);
      await roomToScroll(p);
    },
    block: (n) => page.locator('#editor .ProseMirror p').nth(n),
    async select(block) {
      // Through the editor's own selection (ProseMirror reads a DOM selection a moment later).
      const index = await block.evaluate((element) => [...element.parentElement!.children].indexOf(element));
      await page.locator('#editor .ProseMirror').focus();
      await page.evaluate((n) => {
        type Doc = { child(i: number): { nodeSize: number } };
        const { editor } = window as unknown as {
          editor: { state: { doc: Doc }; commands: { setTextSelection(r: { from: number; to: number }): void } };
        };
        let from = 0;
        for (let i = 0; i < n; i++) from += editor.state.doc.child(i).nodeSize;
        editor.commands.setTextSelection({ from: from + 1, to: from + editor.state.doc.child(n).nodeSize - 1 });
      }, index);
    },
    trigger: () => page.keyboard.press('Control+j'),
    focus: focusIn('#editor .ProseMirror'),
  },
  {
    name: 'a plain textarea (the standalone widget)',
    async open(p) {
      await p.goto('/typo3/fields');
      await p.locator('body[data-fields="ready"]').waitFor();
      await roomToScroll(p);
      // The field as tall as its text: selecting all of it, its box is the selection's.
      await p
        .locator('#teaser')
        .evaluate((field) => Object.assign(field.style, { fieldSizing: 'content', height: 'auto' }));
    },
    block: () => page.locator('#teaser'),
    async select(block) {
      await block.evaluate((field: HTMLTextAreaElement) => {
        field.focus();
        field.select();
      });
    },
    trigger: () => page.getByRole('button', { name: 'Ask AI about the teaser' }).click(),
    focus: focusIn('#teaser'),
  },
  {
    name: 'a contenteditable region (the standalone widget)',
    async open(p) {
      await p.goto('/typo3/fields');
      await p.locator('body[data-fields="ready"]').waitFor();
      await roomToScroll(p);
    },
    block: (n) => page.locator('#notes p').nth(Math.min(n, 1)),
    async select(block) {
      await block.selectText();
    },
    trigger: () => page.getByRole('button', { name: 'Ask AI about the notes' }).click(),
    focus: focusIn('#notes'),
  },
];

const WAYS: CloseWay[] = ['Escape', '×', 'backdrop'];

describe.each(EDITORS)('$name', (editor) => {
  const title = 'never covers the held selection, at 1280×800 and 1024×768, wherever it is; the focus comes home';
  it(`the dialog ${title} however it closes`, async () => {
    await editor.open(page);
    let ways = 0;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const [i, third] of THIRDS.entries()) {
        const block = editor.block(4 + i * 3);
        await bringTo(block, third);
        await editor.select(block);
        const held = (await block.evaluate((element) =>
          element instanceof HTMLTextAreaElement
            ? element.value.slice(element.selectionStart, element.selectionEnd)
            : (document.getSelection()?.toString() ?? ''),
        )) as string;
        const selection = await selectionBox(block);
        await editor.trigger();
        await toolsLoaded(dialog());
        const box = await dialogBox();
        const where = `${size.width}×${size.height}, selection at ${Math.round(third * 100)} % (${JSON.stringify(
          selection,
        )}, dialog ${JSON.stringify(box)})`;
        expect(apart(selection, box), where).toBe(true);
        // Beside it, not quoted: the text is in view.
        expect(await dialog().locator('[data-ask-ai-part="selection"]').count(), where).toBe(0);
        // The selection stays legible: the backdrop has a window where it is.
        const spare = await dialog().evaluate((element) => getComputedStyle(element, '::backdrop').clipPath);
        expect(spare, where).toMatch(/^polygon\(evenodd/);

        const way = size.width === 1280 && i === 1 ? 'Stop, then Escape' : WAYS[(ways++ + i) % WAYS.length]!;
        await close(way, box);
        await expect.poll(editor.focus, { message: `focus after ${way}` }).toEqual({ inEditor: true, selected: held });
      }
    }
  });
});

describe('the dialog follows the selection', () => {
  it('when the page scrolls and when the window resizes, staying beside it (CKEditor, 1280×800)', async () => {
    const ckeditor = EDITORS[0]!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await ckeditor.open(page);
    const block = ckeditor.block(6);
    await bringTo(block, 0.4);
    await ckeditor.select(block);
    await ckeditor.trigger();
    await toolsLoaded(dialog());
    const held = page.locator('.rte .ask-ai-held-selection');
    const before = await dialogBox();
    // Scrolled from outside (a wheel over the page behind the modal dialog scrolls it in Chromium).
    await page.evaluate(() => window.scrollBy(0, 120));
    await expect.poll(async () => (await dialogBox()).top).toBeLessThan(before.top);
    expect(apart(await boxOf(held), await dialogBox())).toBe(true);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(async () => apart(await boxOf(held), await dialogBox())).toBe(true);
    // Ctrl+J opens it again right after a close: the focus is back in the editor.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+j');
    await dialog().waitFor();
  });

  it('quotes the selection where there is no room beside it (a phone), two lines and Show all', async () => {
    const ckeditor = EDITORS[0]!;
    await page.setViewportSize({ width: 360, height: 740 });
    await ckeditor.open(page);
    await ckeditor.select(ckeditor.block(1));
    await ckeditor.trigger();
    await toolsLoaded(dialog());
    const quote = dialog().getByRole('figure', { name: 'Selected text' });
    const text = quote.locator('blockquote');
    expect(await text.textContent()).toBe(PARAGRAPHS[1]);
    const lines = () => text.evaluate((element) => element.getBoundingClientRect().height);
    const lineHeight = await text.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(await lines()).toBeLessThanOrEqual(2 * lineHeight + 1);
    await quote.getByRole('button', { name: 'Show all' }).click();
    expect(await lines()).toBeGreaterThan(2 * lineHeight + 1);
    expect(await quote.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });
});

const done = (answer: string) => ({
  event: 'done',
  success: true,
  finalContent: answer,
  iterations: 1,
  truncated: false,
  usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimatedCost: null },
});

describe('the dialog’s height and its action bar', () => {
  const height = () => dialog().evaluate((element) => element.getBoundingClientRect().height);
  const footer = () =>
    dialog()
      .locator('[data-ask-ai-part="actions"]')
      .evaluate((e) => e.getBoundingClientRect().height);

  it('fits a short answer, grows but never shrinks while one arrives, and fits again at its end', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDemoWithSelection();
    const run = await holdRuns();
    await runTask(dialog(), 'Shorten');
    await run.asked();
    const long = Array.from({ length: 12 }, (_, i) => `Sentence ${i + 1} of a long answer.`).join('\n\n');
    await run.send({ event: 'delta', text: long });
    await run.send(done(long));
    await run.end();
    await answered(dialog());
    const tall = await height();

    // Regenerate: the long answer stays dimmed until the new one's first words, which are few.
    await dialog().getByRole('button', { name: 'Regenerate' }).click();
    await run.asked();
    const heights = [await height()];
    for (const words of ['Short', ' answer', ' at last.']) {
      await run.send({ event: 'delta', text: words });
      await expect.poll(() => dialog().getByRole('region', { name: 'Answer' }).textContent()).toContain(words.trim());
      heights.push(await height());
    }
    for (const [i, h] of heights.entries())
      expect(h, `height ${i} of ${heights.join(', ')}`).toBeGreaterThanOrEqual(tall - 1);
    await run.send(done('Short answer at last.'));
    await run.end();
    await answered(dialog());
    // Now it fits: no empty band under the content.
    const slack = await dialog().evaluate((element) => {
      const body = element.querySelector('[data-ask-ai-part="body"]')!;
      return (
        body.clientHeight - [...body.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0)
      );
    });
    expect(await height()).toBeLessThan(tall);
    expect(slack).toBeLessThan(80);
  });

  it('on a phone, the action bar keeps its height from Stop to the actions after it', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openDemoWithSelection();
    const run = await holdRuns();
    await runTask(dialog(), 'Shorten');
    await run.asked();
    await dialog().getByRole('button', { name: 'Stop' }).waitFor();
    const running = await footer();
    await run.send(done('A shorter text.'));
    await run.end();
    await answered(dialog());
    await dialog().getByRole('button', { name: 'Replace selection' }).waitFor();
    expect(Math.abs((await footer()) - running)).toBeLessThan(1);
  });

  it('shows code in an answer on a tone of its own, not the card’s', async () => {
    await openDemoWithSelection();
    const run = await holdRuns();
    await runTask(dialog(), 'Shorten');
    await run.asked();
    const answer = 'Use this:\n\n```\nconst garden = open();\n```\n\nand `inline` code.';
    await run.send(done(answer));
    await run.end();
    await answered(dialog());
    const tones = await dialog().evaluate((element) => {
      const tone = (selector: string) => getComputedStyle(element.querySelector(selector)!).backgroundColor;
      return {
        card: tone('[data-ask-ai-part="answer-card"]'),
        pre: tone('.ask-ai-answer pre'),
        code: tone('.ask-ai-answer p code'),
      };
    });
    expect(tones.pre).not.toBe(tones.card);
    expect(tones.code).not.toBe(tones.card);
  });
});

describe('Send', () => {
  it.each([
    ['the TYPO3-like RTE page (built plugin)', '/typo3/record/edit', 'light'],
    ['the TYPO3-like RTE page (built plugin)', '/typo3/record/edit', 'dark'],
    ['the widget on a TYPO3-like page', '/typo3-host.html', 'light'],
    ['the widget on a TYPO3-like page', '/typo3-host.html', 'dark'],
  ] as const)('is filled on %s (%s, %s)', async (_page, path, scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(path);
    await page.getByRole('button', { name: 'Ask AI' }).first().click();
    await toolsLoaded(dialog());
    await dialog().getByRole('textbox', { name: 'Instruction' }).fill('Write a teaser');
    const send = dialog().getByRole('button', { name: 'Send' });
    const look = await send.evaluate((button) => {
      const box = button.closest('.ask-ai-prompt-box')!;
      return { fill: getComputedStyle(button).backgroundColor, around: getComputedStyle(box).backgroundColor };
    });
    expect(look.fill).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    expect(look.fill).not.toBe(look.around);
  });
});
