import type { TaskAnswer } from '../client';
import type { ApplyRefusal } from './apply';
import type { EditorAdapter } from './editor-adapter';
import { fieldSelectionRect } from './field-rect';

export interface TextareaAdapterOptions {
  /**
   * The answer stands for the field's whole value (an image's alternative text): Replace writes the whole
   * field, empty or not, and is refused once the field changed since the dialog opened.
   */
  readonly whole?: boolean | undefined;
}

/**
 * A `<textarea>` or `<input>` as an editor: the selection goes with the task; Insert puts the answer's
 * text after it (a blank line apart), Replace selection replaces it. Each edit goes through
 * `execCommand('insertText')`, which the browser's undo stack records as one step (where a browser lacks
 * it, `setRangeText` and an `input` event), and the field is read back. Replace is refused when the held
 * text changed or is gone; a read-only or disabled field, and an answer past `maxlength`, are refused.
 * After the dialog closed the focus is back in the field: on the text written, else on the held selection.
 */
export function textareaAdapter(
  textarea: HTMLTextAreaElement | HTMLInputElement,
  options: TextareaAdapterOptions = {},
): EditorAdapter {
  const whole = options.whole === true;
  return {
    element: textarea,
    editsAfterClose: true,
    capture() {
      const start = whole ? 0 : (textarea.selectionStart ?? textarea.value.length);
      const end = whole ? textarea.value.length : (textarea.selectionEnd ?? start);
      const selected = textarea.value.slice(start, end);
      const held = textarea.value.slice(0, end);
      const original = textarea.value;
      /** The answer's place in the field once written: selected when the focus comes back. */
      let wrote: readonly [number, number] | null = null;
      const check = (): ApplyRefusal | null => {
        if (whole) return textarea.value === original ? null : { refused: 'selectionChanged' };
        if (start === end) return { refused: 'selectionRemoved' };
        // The held text itself, not only its offsets: the same words moved into place by an edit before
        // them are another occurrence, and are not replaced.
        return textarea.value.startsWith(held) ? null : { refused: 'selectionChanged' };
      };
      // A one-line field drops line breaks: the answer's lines go in a space apart.
      const fitted = (text: string) => (textarea instanceof HTMLInputElement ? text.replace(/\s*\n\s*/g, ' ') : text);
      /** What Insert below writes where: after the line the selection ends on, a blank line apart. */
      const insertion = (answer: TaskAnswer) => {
        const at = insertionOffset(textarea.value, selected, start, end);
        const before = textarea.value.slice(0, at);
        const gap = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
        return { at, text: fitted(`${gap}${answer.text}`) };
      };
      const accepts = (as: 'insert' | 'replace', answer: TaskAnswer): ApplyRefusal | null => {
        if (textarea.readOnly || textarea.disabled || textarea.closest('fieldset:disabled')) {
          return { refused: 'readOnly' };
        }
        const limit = textarea.maxLength;
        if (limit < 0) return null;
        const length =
          as === 'replace'
            ? textarea.value.length - (end - start) + fitted(answer.text).length
            : textarea.value.length + insertion(answer).text.length;
        // All of the answer or none of it: a field that keeps "Thi" of it loses the rest unseen.
        return length > limit ? { refused: 'tooLong', limit } : null;
      };
      return {
        selection: selected,
        document: textarea.value,
        verify: (as, answer) => accepts(as, answer) ?? (as === 'replace' ? check() : null),
        apply(as, answer) {
          const { at, to, text } =
            as === 'replace' ? { at: start, to: end, text: fitted(answer.text) } : { ...insertion(answer), to: -1 };
          const before = textarea.value;
          const expected = before.slice(0, at) + text + before.slice(to === -1 ? at : to);
          editTextarea(textarea, at, to === -1 ? at : to, text);
          if (textarea.value !== expected) return { refused: 'other' };
          // The blank line Insert puts before the answer is not the answer.
          const gap = text.length - text.trimStart().length;
          wrote = [at + gap, at + text.length];
          return null;
        },
        rect: () => fieldSelectionRect(textarea, start, end),
        focus() {
          textarea.focus();
          if (wrote) textarea.setSelectionRange(wrote[0], wrote[1]);
          // Nothing went in: the selection the dialog held, where the field is as it was.
          else if (textarea.value === original) textarea.setSelectionRange(start, end);
        },
      };
    },
    dispose() {},
  };
}

/**
 * Where Insert below goes in a field that may have changed since the dialog opened: after the line the
 * selected text ends on (the selected text where it still is, its occurrence nearest the old place), else
 * at the end of the field — the words after the selection on its line stay with it.
 */
function insertionOffset(value: string, selected: string, start: number, end: number): number {
  let found: number;
  if (value.slice(start, end) === selected) found = end;
  else if (selected === '') found = Math.min(end, value.length);
  else {
    let best = -1;
    for (let at = value.indexOf(selected); at !== -1; at = value.indexOf(selected, at + 1)) {
      if (best === -1 || Math.abs(at - start) < Math.abs(best - start)) best = at;
    }
    found = best === -1 ? value.length : best + selected.length;
  }
  // A selection that takes the line breaks after it ends on the line before them.
  let from = found;
  while (from > found - selected.length && value[from - 1] === '\n') from--;
  const lineEnd = value.indexOf('\n', from);
  return lineEnd === -1 ? value.length : lineEnd;
}

function editTextarea(field: HTMLTextAreaElement | HTMLInputElement, start: number, end: number, text: string) {
  field.focus();
  field.setSelectionRange(start, end);
  const doc = field.ownerDocument;
  // The browser's own edit: one step on its undo stack (Chromium, Firefox, Safari).
  if (typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, text)) return;
  field.setRangeText(text, start, end, 'end');
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
}
