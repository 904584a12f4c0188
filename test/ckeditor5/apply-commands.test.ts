// @vitest-environment jsdom
import { ClassicEditor, Essentials, ModelDocumentFragment, Paragraph, type ModelElement } from 'ckeditor5';
import { describe, expect, it } from 'vitest';
import { AskAi } from '../../src/ckeditor5/ask-ai';
import type { AskAiConfig } from '../../src/ckeditor5/config';

import { editors } from '../support/ckeditor-jsdom';

async function editorWith(data: string, askAi: AskAiConfig = {}): Promise<ClassicEditor> {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = await ClassicEditor.create(element, {
    licenseKey: 'GPL',
    plugins: [Essentials, Paragraph, AskAi],
    initialData: data,
    askAi: { endpoints: { tools: '/tools', run: '/run' }, ...askAi },
  });
  editors.push(editor);
  return editor;
}

/** Selects the whole text of the paragraph at `index` and holds it, as opening the dialog does. */
function holdParagraph(editor: ClassicEditor, index: number): ModelElement {
  const paragraph = editor.model.document.getRoot()!.getChild(index) as ModelElement;
  editor.model.change((writer) => writer.setSelection(paragraph, 'in'));
  editor.plugins.get('AskAiEditing').hold();
  return paragraph;
}

const answer = (text: string) => ({ answer: { markdown: text, text } });

describe('CKEditor 5: askAiInsert and askAiReplace pinned', () => {
  it('reads the change back: a host that stops insertContent gets a refusal, not "Inserted"', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p>');
    holdParagraph(editor, 0);
    // A host's listener takes the insertion over and inserts nothing.
    editor.model.on('insertContent', (event) => event.stop(), { priority: 'highest' });
    expect(editor.execute('askAiReplace', answer('Opened 1871.'))).toEqual({ refused: 'other' });
    expect(editor.getData()).toBe('<p>The harbour opened in 1871.</p>');
  });

  it('reads the change back: a host that lets nothing of the answer in gets a refusal', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p>');
    holdParagraph(editor, 0);
    // A host's listener swaps the answer for nothing: the insertion happens, empty.
    editor.model.on(
      'insertContent',
      (_event, args: unknown[]) => {
        args[0] = new ModelDocumentFragment();
      },
      { priority: 'highest' },
    );
    expect(editor.execute('askAiInsert', answer('Trams run hourly.'))).toEqual({ refused: 'other' });
    expect(editor.getData()).toBe('<p>The harbour opened in 1871.</p>');
  });

  it('refuses Replace when the held paragraph was removed while the dialog was open', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p><p>Trams run hourly.</p>');
    const paragraph = holdParagraph(editor, 0);
    editor.model.change((writer) => writer.remove(paragraph));
    expect(editor.execute('askAiReplace', answer('Opened 1871.'))).toEqual({ refused: 'selectionRemoved' });
    expect(editor.getData()).toBe('<p>Trams run hourly.</p>');
  });

  it('refuses Replace when the held text changed, and replaces it when it did not', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p>');
    const paragraph = holdParagraph(editor, 0);
    editor.model.change((writer) => writer.insertText('old ', writer.createPositionAt(paragraph, 4)));
    expect(editor.execute('askAiReplace', answer('X'))).toEqual({ refused: 'selectionChanged' });
    holdParagraph(editor, 0);
    expect(editor.execute('askAiReplace', answer('Opened 1871.'))).toBeNull();
    expect(editor.getData()).toBe('<p>Opened 1871.</p>');
  });

  it('markGenerated marks what went in with the run id, and only that', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p>', { markGenerated: true });
    holdParagraph(editor, 0);
    expect(editor.execute('askAiInsert', { ...answer('Trams run hourly.'), mark: 'run-7' })).toBeNull();
    expect(editor.getData()).toBe(
      '<p>The harbour opened in 1871.</p><p><span data-ai-generated="run-7">Trams run hourly.</span></p>',
    );
  });

  it('what the editor types after the marked answer is theirs, not marked', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p>', { markGenerated: true });
    holdParagraph(editor, 0);
    editor.execute('askAiInsert', { ...answer('Trams run hourly.'), mark: 'run-7' });
    const written = editor.model.document.getRoot()!.getChild(1) as ModelElement;
    editor.model.change((writer) => writer.setSelection(written, 'end'));
    editor.execute('insertText', { text: ' Mine.' });
    expect(editor.getData()).toBe(
      '<p>The harbour opened in 1871.</p><p><span data-ai-generated="run-7">Trams run hourly.</span> Mine.</p>',
    );
  });

  it('keeps the mark through saving and loading, under the attribute the host names', async () => {
    const saved = '<p><span data-ai-generated="run-1">Written before.</span> Typed.</p>';
    expect((await editorWith(saved, { markGenerated: true })).getData()).toBe(saved);
    const own = await editorWith('<p><span data-written-by="run-2">Written.</span></p>', {
      markGenerated: { viewAttribute: 'data-written-by' },
    });
    expect(own.getData()).toBe('<p><span data-written-by="run-2">Written.</span></p>');
  });

  it('without markGenerated nothing is marked', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p>');
    holdParagraph(editor, 0);
    expect(editor.execute('askAiInsert', { ...answer('Trams run hourly.'), mark: 'run-7' })).toBeNull();
    expect(editor.getData()).toBe('<p>The harbour opened in 1871.</p><p>Trams run hourly.</p>');
  });

  it('the dialog lives in AskAiUI: open and close there, AskAi delegates, the apply event reaches both', async () => {
    const editor = await editorWith('<p>The harbour opened in 1871.</p>', { mount: recordingMount });
    const ui = editor.plugins.get('AskAiUI');
    expect(ui.isConfigured).toBe(true);
    editor.plugins.get('AskAi').open();
    expect(mounted.at(-1)?.open).toBe(true);
    ui.close();
    expect(mounted.at(-1)?.open).toBe(false);
    const heard: string[] = [];
    editor.plugins.get('AskAi').on('apply', () => heard.push('AskAi'));
    ui.on('apply', () => heard.push('AskAiUI'));
    holdParagraph(editor, 0);
    ui.open();
    await mounted.at(-1)!.onInsert!({ markdown: 'More.', text: 'More.' }, {} as never);
    expect(heard.sort()).toEqual(['AskAi', 'AskAiUI']);
  });
});

type Props = { open?: boolean; onInsert?: (answer: { markdown: string; text: string }, meta: never) => unknown };
const mounted: Props[] = [];
function recordingMount(_host: HTMLElement, props: unknown) {
  mounted.push(props as Props);
  return {
    update: (next: unknown) => mounted.push({ ...mounted.at(-1), ...(next as Props) }),
    unmount: () => undefined,
  };
}
