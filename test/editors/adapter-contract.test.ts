// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskAnswer, TaskAnswerMeta } from '../../src/client';
import { contentEditableAdapter } from '../../src/editors/contenteditable';
import type { EditorAdapter } from '../../src/editors/editor-adapter';
import { textareaAdapter } from '../../src/editors/textarea';
import { AskAi, tiptapAdapter } from '../../src/tiptap/ask-ai';
import { Editor } from '@tiptap/core';
import { ClassicEditor, Essentials, Paragraph, type ModelRange } from 'ckeditor5';
import { AskAi as CKEditorAskAi } from '../../src/ckeditor5/ask-ai';
import { ckeditorAdapter } from '../../src/ckeditor5/ckeditor-adapter';
import StarterKit from '@tiptap/starter-kit';

/**
 * One contract for every editor on the seam (`src/editors`): capture → verify → apply in one step and
 * read back → refuse with a reason — the textarea, the contenteditable, CKEditor 5 and Tiptap alike.
 * jsdom has no `execCommand`, so the field adapters take their fallback edit here; Chromium runs the
 * browser's own undoable edit (test/browser/ckeditor5.test.ts, the fields page). CKEditor and Tiptap run
 * here on their own models as they are, and in Chromium (test/browser/ckeditor5.test.ts, tiptap.test.ts).
 */
interface Subject {
  readonly adapter: EditorAdapter;
  /** Selects `text` (its first occurrence) as a user would. */
  select(text: string): void;
  /** The editor's text now. */
  text(): string;
  /** Changes the editor's text behind the dialog's back. */
  edit(from: string, to: string): void;
  /** Makes the editor read-only. */
  lock(): void;
  /** A page script that puts the old text back after every edit. */
  revertEdits(): void;
}

const answer = (text: string): TaskAnswer => ({ markdown: text, text });
const META = { instruction: 'Improve', runUuid: 'run-1' } as unknown as TaskAnswerMeta;
const BEFORE = 'The museum reopens in May. Tours start hourly.';

// CKEditor's UI watches its own size; jsdom has no ResizeObserver (nothing is laid out here anyway).
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const subjects: Record<string, () => Subject | Promise<Subject>> = {
  ckeditor5: async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const editor = await ClassicEditor.create(element, {
      licenseKey: 'GPL',
      plugins: [Essentials, Paragraph, CKEditorAskAi],
      initialData: `<p>${BEFORE}</p>`,
    });
    ckEditors.push(editor);
    const paragraph = () => editor.model.document.getRoot()!.getChild(0) as never;
    const dataText = () =>
      editor
        .getData()
        .replace(/<[^>]+>/g, '')
        .replace(/&nbsp;/g, ' ');
    const rangeOf = (words: string): ModelRange => {
      const at = dataText().indexOf(words);
      return editor.model.createRange(
        editor.model.createPositionAt(paragraph(), at),
        editor.model.createPositionAt(paragraph(), at + words.length),
      );
    };
    return {
      adapter: ckeditorAdapter(editor),
      select: (words) => editor.model.change((writer) => writer.setSelection(rangeOf(words))),
      text: dataText,
      edit: (from, to) =>
        editor.model.change((writer) => {
          const range = rangeOf(from);
          writer.remove(range);
          writer.insertText(to, range.start);
        }),
      lock: () => editor.enableReadOnlyMode('test'),
      // A host's listener that stops the command: nothing goes in.
      revertEdits: () => {
        for (const name of ['askAiInsert', 'askAiReplace'])
          editor.commands.get(name)!.on('execute', (event) => event.stop(), { priority: 'highest' });
      },
    };
  },
  tiptap: () => {
    const element = document.createElement('div');
    document.body.append(element);
    const editor = new Editor({ element, extensions: [StarterKit, AskAi], content: `<p>${BEFORE}</p>` });
    editors.push(editor);
    // The extension brings the held selection's plugin; the adapter is what its command attaches.
    // The paragraph's text starts at position 1.
    const at = (text: string) => editor.state.doc.textContent.indexOf(text) + 1;
    return {
      adapter: tiptapAdapter(editor, () => undefined),
      select: (text) => editor.commands.setTextSelection({ from: at(text), to: at(text) + text.length }),
      text: () => editor.state.doc.textContent,
      edit: (from, to) => editor.commands.insertContentAt({ from: at(from), to: at(from) + from.length }, to),
      lock: () => editor.setEditable(false),
      revertEdits: () => editor.view.setProps({ dispatchTransaction: () => undefined }),
    };
  },
  textarea: () => {
    const field = document.createElement('textarea');
    field.value = BEFORE;
    document.body.append(field);
    return {
      adapter: textareaAdapter(field),
      select: (text) => field.setSelectionRange(field.value.indexOf(text), field.value.indexOf(text) + text.length),
      text: () => field.value,
      edit: (from, to) => (field.value = field.value.replace(from, to)),
      lock: () => (field.readOnly = true),
      revertEdits: () => {
        const kept = field.value;
        field.addEventListener('input', () => (field.value = kept));
      },
    };
  },
  contenteditable: () => {
    const region = document.createElement('div');
    region.setAttribute('contenteditable', 'true');
    region.innerHTML = `<p>${BEFORE}</p>`;
    document.body.append(region);
    const textNode = () => region.querySelector('p')!.firstChild as Text;
    return {
      adapter: contentEditableAdapter(region),
      select: (text) => {
        const node = textNode();
        const range = document.createRange();
        range.setStart(node, node.data.indexOf(text));
        range.setEnd(node, node.data.indexOf(text) + text.length);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
        document.dispatchEvent(new Event('selectionchange'));
      },
      text: () => region.textContent ?? '',
      edit: (from, to) => textNode().replaceData(textNode().data.indexOf(from), from.length, to),
      lock: () => region.setAttribute('contenteditable', 'false'),
      revertEdits: () => {
        const kept = region.innerHTML;
        region.addEventListener('input', () => (region.innerHTML = kept));
      },
    };
  },
};

const editors: Editor[] = [];
const ckEditors: ClassicEditor[] = [];
afterEach(async () => {
  for (const editor of editors.splice(0)) editor.destroy();
  for (const editor of ckEditors.splice(0)) await editor.destroy();
  document.body.replaceChildren();
});

describe.each(Object.keys(subjects))('the editor seam: %s', (name) => {
  const subject = () => subjects[name]!();

  it('captures the selected text and the editor’s text', async () => {
    const s = await subject();
    s.select('Tours start hourly.');
    const capture = s.adapter.capture();
    expect(capture.selection).toBe('Tours start hourly.');
    expect(capture.document).toContain('The museum reopens in May.');
  });

  it('replaces the held text, reads it back, and leaves the rest', async () => {
    const s = await subject();
    s.select('Tours start hourly.');
    const capture = s.adapter.capture();
    expect(capture.verify('replace', answer('Tours every hour.'))).toBeNull();
    expect(capture.apply('replace', answer('Tours every hour.'), META)).toBeNull();
    expect(s.text()).toContain('The museum reopens in May. Tours every hour.');
    expect(s.text()).not.toContain('hourly');
  });

  it('inserts after the held text, which stays', async () => {
    const s = await subject();
    s.select('The museum reopens in May.');
    const capture = s.adapter.capture();
    expect(capture.apply('insert', answer('Entry is free.'), META)).toBeNull();
    expect(s.text()).toContain('The museum reopens in May.');
    expect(s.text()).toContain('Entry is free.');
    expect(s.text().indexOf('Entry is free.')).toBeGreaterThan(s.text().indexOf('reopens in May.'));
  });

  it('refuses Replace when the held text changed, and writes nothing', async () => {
    const s = await subject();
    s.select('Tours start hourly.');
    const capture = s.adapter.capture();
    s.edit('hourly', 'daily');
    expect(capture.verify('replace', answer('Tours every hour.'))).toEqual({ refused: 'selectionChanged' });
    expect(s.text()).toContain('Tours start daily.');
  });

  it('refuses a read-only editor, for Insert and Replace alike', async () => {
    const s = await subject();
    s.select('Tours start hourly.');
    const capture = s.adapter.capture();
    s.lock();
    expect(capture.verify('insert', answer('x'))).toEqual({ refused: 'readOnly' });
    expect(capture.verify('replace', answer('x'))).toEqual({ refused: 'readOnly' });
  });

  it('refuses, after the edit, an editor that does not hold the answer (read back)', async () => {
    const s = await subject();
    s.select('Tours start hourly.');
    const capture = s.adapter.capture();
    s.revertEdits();
    expect(capture.apply('replace', answer('Tours every hour.'), META)).toEqual({ refused: 'other' });
    expect(s.text()).toContain('Tours start hourly.');
  });
});
