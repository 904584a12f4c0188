// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplyRefusal } from '../../src/editors/apply';
import { AskAi, tiptapAdapter } from '../../src/tiptap';

const HTML = '<p>The harbour opened in 1871.</p><p>Visitors come by tram.</p>';
let editor: Editor;

function setUp(html = HTML, element = document.createElement('div')) {
  editor = new Editor({ element, extensions: [StarterKit, AskAi], content: html });
  return editor;
}

/** Selects the text of the paragraph at `index` (0-based) and holds it, as opening the dialog does. */
function holdParagraph(index: number) {
  let from = 0;
  let to = 0;
  let seen = 0;
  editor.state.doc.forEach((node, offset) => {
    if (seen++ === index) {
      from = offset + 1;
      to = offset + node.nodeSize - 1;
    }
  });
  editor.commands.setTextSelection({ from, to });
  return tiptapAdapter(editor, () => undefined).capture();
}

const answer = (text: string) => ({ answer: { markdown: text, text } });
const paragraphs = () => {
  const texts: string[] = [];
  editor.state.doc.forEach((node) => texts.push(node.textContent));
  return texts;
};

afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

describe('Tiptap: askAiInsert and askAiReplace', () => {
  it('askAiReplace puts the answer in place of the held selection, one undo step', () => {
    setUp();
    holdParagraph(0);
    expect(editor.commands.askAiReplace(answer('Opened 1871.'))).toBe(true);
    expect(paragraphs()).toEqual(['Opened 1871.', 'Visitors come by tram.']);
    expect(editor.storage.askAi.refusal).toBeNull();
    editor.commands.undo();
    expect(paragraphs()).toEqual(['The harbour opened in 1871.', 'Visitors come by tram.']);
  });

  it('askAiInsert puts the answer after the block that ends the selection, leaving it as it was', async () => {
    setUp();
    // The answer's markdown converter loads beside the extension (it starts on create).
    await import('../../src/markdown/dom');
    await new Promise((resolve) => setTimeout(resolve, 0));
    holdParagraph(0);
    expect(editor.commands.askAiInsert({ answer: { markdown: 'A **new** line.', text: 'A new line.' } })).toBe(true);
    expect(paragraphs()).toEqual(['The harbour opened in 1871.', 'A new line.', 'Visitors come by tram.']);
    expect(editor.getHTML()).toContain('<strong>new</strong>');
  });

  it('askAiReplace refuses, saying why, when the held text changed; nothing is written', () => {
    setUp();
    holdParagraph(0);
    editor.commands.insertContentAt(5, 'old ');
    const heard: ApplyRefusal[] = [];
    const before = editor.getHTML();
    expect(editor.commands.askAiReplace({ ...answer('Opened 1871.'), onRefused: (r) => heard.push(r) })).toBe(false);
    expect(heard).toEqual([{ refused: 'selectionChanged' }]);
    expect(editor.storage.askAi.refusal).toEqual({ refused: 'selectionChanged' });
    expect(editor.getHTML()).toBe(before);
  });

  it('askAiReplace without a held selection, or after it was released, is refused as gone', () => {
    setUp();
    const heard: ApplyRefusal[] = [];
    expect(editor.commands.askAiReplace({ ...answer('X'), onRefused: (r) => heard.push(r) })).toBe(false);
    const capture = holdParagraph(1);
    capture.release?.();
    expect(editor.commands.askAiReplace({ ...answer('X'), onRefused: (r) => heard.push(r) })).toBe(false);
    expect(heard).toEqual([{ refused: 'selectionRemoved' }, { refused: 'selectionRemoved' }]);
    expect(paragraphs()).toEqual(['The harbour opened in 1871.', 'Visitors come by tram.']);
  });

  it('a read-only editor refuses both, and can() tells so without writing', () => {
    setUp();
    holdParagraph(0);
    expect(editor.can().askAiReplace(answer('Opened 1871.'))).toBe(true);
    editor.setEditable(false);
    expect(editor.can().askAiInsert(answer('X'))).toBe(false);
    const heard: ApplyRefusal[] = [];
    expect(editor.commands.askAiInsert({ ...answer('X'), onRefused: (r) => heard.push(r) })).toBe(false);
    expect(heard).toEqual([{ refused: 'readOnly' }]);
    expect(paragraphs()).toEqual(['The harbour opened in 1871.', 'Visitors come by tram.']);
  });

  it('the held range follows edits before it (mapped), so Replace still finds it', () => {
    setUp();
    holdParagraph(1);
    editor.commands.insertContentAt(1, 'Today ');
    expect(editor.commands.askAiReplace(answer('Trams bring visitors.'))).toBe(true);
    expect(paragraphs()).toEqual(['Today The harbour opened in 1871.', 'Trams bring visitors.']);
  });

  it('the adapter applies through the commands: a refusal reaches the dialog as the same shape', () => {
    setUp();
    const capture = holdParagraph(0);
    editor.commands.insertContentAt(3, 'x');
    expect(capture.verify('replace', { markdown: 'A', text: 'A' })).toEqual({ refused: 'selectionChanged' });
    expect(capture.apply('replace', { markdown: 'A', text: 'A' }, {} as never)).toEqual({
      refused: 'selectionChanged',
    });
    expect(capture.apply('insert', { markdown: 'A', text: 'A' }, {} as never)).toBeNull();
  });

  it('the focus goes back to the editor on the held text, after the dialog took the page’s selection', () => {
    const host = document.createElement('div');
    const dialog = document.createElement('p');
    dialog.textContent = 'The answer, selected in the dialog.';
    document.body.append(host, dialog);
    setUp(HTML, host);
    const capture = holdParagraph(1);
    // Meanwhile the editor's own selection moved (a host's edit, a click) and the dialog took the page's.
    editor.commands.setTextSelection(1);
    document.getSelection()!.selectAllChildren(dialog);

    capture.restore?.();
    capture.focus?.();
    expect(document.activeElement).toBe(editor.view.dom);
    expect(document.getSelection()!.toString()).toBe('Visitors come by tram.');
    expect(editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to)).toBe(
      'Visitors come by tram.',
    );
  });

  it('tells the dialog where the held text is on screen, and nothing once it is let go', () => {
    const host = document.createElement('div');
    document.body.append(host);
    setUp(HTML, host);
    // jsdom lays nothing out: a range's box is given, by the text the range covers.
    const boxOf = (text: string) =>
      text === 'Visitors come by tram.' ? { top: 40, left: 10, right: 180, bottom: 60, width: 170, height: 20 } : null;
    Range.prototype.getClientRects = function (this: Range) {
      const box = boxOf(this.toString());
      return (box ? [box] : []) as unknown as DOMRectList;
    };
    try {
      const capture = holdParagraph(1);
      expect(capture.rect?.()).toEqual({ top: 40, left: 10, right: 180, bottom: 60 });
      capture.release?.();
      expect(capture.rect?.()).toBeNull();
    } finally {
      // @ts-expect-error jsdom has no layout: the given boxes go again
      delete Range.prototype.getClientRects;
    }
  });
});
