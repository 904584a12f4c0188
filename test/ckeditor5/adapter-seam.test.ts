// @vitest-environment jsdom
import { Essentials, Paragraph } from 'ckeditor5';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskAi } from '../../src/ckeditor5/ask-ai';
import { MARKER } from '../../src/ckeditor5/ask-ai-editing';
import { ckeditorAdapter } from '../../src/ckeditor5/ckeditor-adapter';
import { classicEditor } from '../support/ckeditor-jsdom';

/**
 * What the CKEditor 5 adapter does for the dialog around an answer: the held selection given back as the
 * editor's when nothing went in, its place on screen while it is held (jsdom lays nothing out: a range's
 * boxes are given here, by the text the range covers), the focus back in the editing view, the hold let go.
 */
async function editorWithText() {
  return classicEditor({
    plugins: [Essentials, Paragraph, AskAi],
    initialData: '<p>The harbour opened in 1871.</p><p>Visitors come by tram.</p>',
  });
}

function selectParagraph(editor: Awaited<ReturnType<typeof editorWithText>>, index: number) {
  const paragraph = editor.model.document.getRoot()!.getChild(index) as never;
  editor.model.change((writer) => writer.setSelection(paragraph, 'in'));
}

const selectedText = (editor: Awaited<ReturnType<typeof editorWithText>>) =>
  [...editor.model.document.selection.getFirstRange()!.getItems()]
    .map((item) => ('data' in item ? item.data : ''))
    .join('');

afterEach(() => {
  // @ts-expect-error jsdom has no layout: the given boxes go again
  delete Range.prototype.getClientRects;
});

describe('the CKEditor 5 adapter around an answer', () => {
  it('gives the held selection back as the editor’s when nothing went in, and nothing once it is gone', async () => {
    const editor = await editorWithText();
    selectParagraph(editor, 1);
    const capture = ckeditorAdapter(editor).capture();
    selectParagraph(editor, 0);
    capture.restore?.();
    expect(selectedText(editor)).toBe('Visitors come by tram.');

    // The held paragraph removed meanwhile: the selection stays where it is.
    selectParagraph(editor, 0);
    editor.model.change((writer) => writer.remove(editor.model.document.getRoot()!.getChild(1) as never));
    capture.restore?.();
    expect(selectedText(editor)).toBe('The harbour opened in 1871.');
    expect(capture.rect?.()).toBeNull();
  });

  it('tells the dialog where the held text is on screen while it is held', async () => {
    const editor = await editorWithText();
    Range.prototype.getClientRects = function (this: Range) {
      const box = { top: 40, left: 10, right: 180, bottom: 60, width: 170, height: 20 };
      return (this.toString() === 'Visitors come by tram.' ? [box] : []) as unknown as DOMRectList;
    };
    selectParagraph(editor, 1);
    const capture = ckeditorAdapter(editor).capture();
    expect(capture.rect?.()).toEqual({ top: 40, left: 10, right: 180, bottom: 60 });
    capture.release?.();
    expect(editor.model.markers.has(MARKER)).toBe(false);
    expect(capture.rect?.()).toBeNull();
  });

  it('gives the focus to the editing view, and is the editor’s own element', async () => {
    const editor = await editorWithText();
    const focus = vi.spyOn(editor.editing.view, 'focus');
    const adapter = ckeditorAdapter(editor);
    expect(adapter.element).toBe(editor.ui.view.element);
    adapter.capture().focus?.();
    expect(focus).toHaveBeenCalledOnce();
  });
});
