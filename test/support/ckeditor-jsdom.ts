import type { ClassicEditor, EditorConfig } from 'ckeditor5';
import { afterEach } from 'vitest';

// CKEditor's UI watches its own size; jsdom has no ResizeObserver (nothing is laid out here anyway).
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The editors a test file made: destroyed, and the page emptied, after each test. */
export const editors: ClassicEditor[] = [];
afterEach(async () => {
  for (const editor of editors.splice(0)) await editor.destroy();
  document.body.replaceChildren();
});

/** A classic editor on a fresh element of the page, destroyed after the test. */
export async function classicEditor(config: EditorConfig): Promise<ClassicEditor> {
  const element = document.createElement('div');
  document.body.append(element);
  const { ClassicEditor: Classic } = await import('ckeditor5');
  const editor = await Classic.create(element, { licenseKey: 'GPL', ...config });
  editors.push(editor);
  return editor;
}
