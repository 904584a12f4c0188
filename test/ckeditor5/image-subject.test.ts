// @vitest-environment jsdom
import { ClassicEditor, Essentials, Image, Paragraph } from 'ckeditor5';
import { afterEach, describe, expect, it } from 'vitest';
import { AskAi, ckeditorAdapter } from '../../src/ckeditor5/ask-ai';

// CKEditor's UI watches its own size; jsdom has no ResizeObserver (nothing is laid out here anyway).
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const editors: ClassicEditor[] = [];
afterEach(async () => {
  for (const editor of editors.splice(0)) await editor.destroy();
  document.body.replaceChildren();
});

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
  it('is the image when a block image is selected', async () => {
    const editor = await editorWithImages();
    const root = editor.model.document.getRoot()!;
    editor.model.change((writer) => writer.setSelection(root.getChild(1)!, 'on'));
    const capture = ckeditorAdapter(editor).capture();
    expect(capture.subject).toBe('image');
    capture.release?.();
  });

  it('is the image when an inline image is selected', async () => {
    const editor = await editorWithImages();
    const paragraph = editor.model.document.getRoot()!.getChild(0) as never;
    const inline = [...editor.model.createRangeIn(paragraph).getItems()].find((item) =>
      item.is('element', 'imageInline'),
    );
    expect(inline).toBeDefined();
    editor.model.change((writer) => writer.setSelection(inline!, 'on'));
    const capture = ckeditorAdapter(editor).capture();
    expect(capture.subject).toBe('image');
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
