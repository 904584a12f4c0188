import type { ClassicEditor } from 'ckeditor5';
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
