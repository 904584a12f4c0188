// @vitest-environment jsdom
import { ClassicEditor, Essentials, Image, Paragraph } from 'ckeditor5';
import { describe, expect, it } from 'vitest';
import { AskAi } from '../../src/ckeditor5/ask-ai';
import { ckeditorAdapter } from '../../src/ckeditor5/ckeditor-adapter';

import { editors } from '../support/ckeditor-jsdom';

async function editorWithImages(): Promise<ClassicEditor> {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = await ClassicEditor.create(element, {
    licenseKey: 'GPL',
    plugins: [Essentials, Paragraph, Image, AskAi],
    initialData:
      '<p>The tram crosses <img src="/tram-small.png" alt=""> the bridge.</p>' +
      '<figure class="image"><img src="/tram.png" alt=""></figure>',
  });
  editors.push(editor);
  return editor;
}

/**
 * The subject the dialog offers its tasks for: a selected image (block or inline) asks for the image's
 * tasks (alt text), anything else for the text's.
 */
describe('the CKEditor 5 adapter’s subject', () => {
  it.each(['imageBlock', 'imageInline'])('is the image when an %s is selected', async (name) => {
    const editor = await editorWithImages();
    const image = [...editor.model.createRangeIn(editor.model.document.getRoot()!).getItems()].find((item) =>
      item.is('element', name),
    );
    expect(image).toBeDefined();
    editor.model.change((writer) => writer.setSelection(image!, 'on'));
    const capture = ckeditorAdapter(editor).capture();
    expect(capture.subject).toBe('image');
    capture.release?.();
  });

  it('places the dialog by the held image’s own box, as the editor renders it', async () => {
    const editor = await editorWithImages();
    const image = editor.model.document.getRoot()!.getChild(1)!;
    expect(image.is('element', 'imageBlock')).toBe(true);
    editor.model.change((writer) => writer.setSelection(image, 'on'));
    const { editing } = editor;
    const figure = editing.view.domConverter.mapViewToDom(editing.mapper.toViewElement(image as never)!);
    expect(figure).toBeInstanceOf(HTMLElement);
    (figure as HTMLElement).getBoundingClientRect = () => DOMRect.fromRect({ x: 50, y: 120, width: 300, height: 200 });
    const capture = ckeditorAdapter(editor).capture();
    expect(capture.rect?.()).toEqual({ top: 120, left: 50, right: 350, bottom: 320 });
    capture.release?.();
  });

  it('is left to the dialog when text is selected', async () => {
    const editor = await editorWithImages();
    const paragraph = editor.model.document.getRoot()!.getChild(0) as never;
    editor.model.change((writer) =>
      writer.setSelection(
        editor.model.createRange(
          editor.model.createPositionAt(paragraph, 0),
          editor.model.createPositionAt(paragraph, 8),
        ),
      ),
    );
    const capture = ckeditorAdapter(editor).capture();
    expect(capture.subject).toBeUndefined();
    expect(capture.selection).toBe('The tram');
    capture.release?.();
  });
});

/** "Use as alt text": the answer becomes the held image's alt, in one undo step; a removed image refuses. */
describe('the CKEditor 5 adapter’s alt text', () => {
  const imageBlock = (editor: ClassicEditor) =>
    [...editor.model.createRangeIn(editor.model.document.getRoot()!).getItems()].find((item) =>
      item.is('element', 'imageBlock'),
    )!;

  it('sets the image’s alt through the Image plugin, sent as the image’s src; one undo takes it back', async () => {
    const editor = await editorWithImages();
    editor.model.change((writer) => writer.setSelection(imageBlock(editor), 'on'));
    const capture = ckeditorAdapter(editor).capture();
    expect(capture.image).toEqual({ src: '/tram.png' });
    const answer = { text: '  A red tram\non the bridge. ', markdown: 'A red tram on the bridge.' };
    expect(capture.verify('replace', answer)).toBeNull();
    expect(capture.apply('replace', answer, {} as never)).toBeNull();
    expect(editor.getData()).toContain('<img src="/tram.png" alt="A red tram on the bridge.">');
    editor.execute('undo');
    expect(editor.getData()).toContain('<img src="/tram.png" alt="">');
    expect(editor.getData()).toContain('The tram crosses');
    capture.release?.();
  });

  it('refuses when the image was removed while the dialog was open, and writes nothing', async () => {
    const editor = await editorWithImages();
    editor.model.change((writer) => writer.setSelection(imageBlock(editor), 'on'));
    const capture = ckeditorAdapter(editor).capture();
    editor.model.change((writer) => writer.remove(imageBlock(editor)));
    const before = editor.getData();
    const answer = { text: 'A tram.', markdown: 'A tram.' };
    expect(capture.verify('replace', answer)).toEqual({ refused: 'selectionRemoved' });
    expect(capture.apply('replace', answer, {} as never)).toEqual({ refused: 'selectionRemoved' });
    expect(editor.getData()).toBe(before);
    capture.release?.();
  });
});
