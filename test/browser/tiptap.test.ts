import { describe, expect, it } from 'vitest';
import { answerWith, page, useBrowser, answered, runTask } from './browser';

useBrowser();

// Tiptap 3 with `ask-ai-dialog/tiptap` (tiptap.html): the third editor on the editor seam.

interface TiptapWindow {
  editor: {
    getHTML(): string;
    commands: {
      focus(): boolean;
      setTextSelection(range: { from: number; to: number }): boolean;
      insertContentAt(at: number, text: string): boolean;
      askAi(): boolean;
    };
    state: { doc: { textContent: string; content: { size: number }; child(i: number): { nodeSize: number } } };
  };
}

const ORIGINAL =
  '<p>The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.</p>' +
  '<p>Guided tours start every hour, and entry is free on Sundays.</p>';
const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });
const html = () => page.evaluate(() => (window as unknown as TiptapWindow).editor.getHTML());

async function openEditor() {
  await page.goto('/tiptap.html');
  await page.locator('body[data-editor="ready"]').waitFor();
}

/** Selects the second paragraph's text, as a user would. */
async function selectSecondParagraph() {
  // Into the editor as a user gets there (Tiptap's own focus command may wait a frame), then the text.
  await page.locator('#editor .ProseMirror').click();
  await page.waitForFunction(() => document.activeElement?.classList.contains('ProseMirror') === true);
  await page.evaluate(() => {
    const { editor } = window as unknown as TiptapWindow;
    const first = editor.state.doc.child(0).nodeSize;
    editor.commands.setTextSelection({ from: first + 1, to: editor.state.doc.content.size - 1 });
  });
}

async function run(preset: string) {
  await runTask(dialog(), preset);
  await answered(dialog());
}

describe('the Tiptap extension', () => {
  it('opens on Mod-j with the selection held as a decoration; Replace is one transaction, one undo', async () => {
    await answerWith('Tours **hourly**; Sundays free.');
    await openEditor();
    await selectSecondParagraph();
    await page.keyboard.press('Control+j');
    await dialog().getByRole('textbox', { name: 'Instruction' }).waitFor();
    // The held selection stays visible in the editor while the dialog has the focus.
    expect(await page.locator('#editor [data-ask-ai-held]').textContent()).toBe(
      'Guided tours start every hour, and entry is free on Sundays.',
    );
    await run('Shorten');
    await dialog().getByRole('button', { name: 'Replace selection' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await html()).toBe(
      '<p>The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.</p>' +
        '<p>Tours <strong>hourly</strong>; Sundays free.</p>',
    );
    expect(await page.locator('#editor [data-ask-ai-held]').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Editor log' }).textContent()).toContain('Replaced: ');
    await page.evaluate(() => (window as unknown as TiptapWindow).editor.commands.focus());
    await page.keyboard.press('Control+z');
    expect(await html()).toBe(ORIGINAL);
  });

  it('inserts after the selected block through editor.commands.askAi(), the markdown read by the schema', async () => {
    await answerWith('- one\n- two');
    await openEditor();
    await page.evaluate(() => {
      const { editor } = window as unknown as TiptapWindow;
      editor.commands.focus();
      editor.commands.setTextSelection({ from: 2, to: 12 });
      editor.commands.askAi();
    });
    // The dialog's host element, beside the editor, named for styling.
    expect(await page.locator('[data-ask-ai-part="tiptap"]').count()).toBe(1);
    await run('Summarise');
    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await html()).toBe(
      '<p>The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.</p>' +
        '<ul><li><p>one</p></li><li><p>two</p></li></ul>' +
        '<p>Guided tours start every hour, and entry is free on Sundays.</p>',
    );
  });
});
