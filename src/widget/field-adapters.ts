import type { RunContext, TaskAnswer } from '../client';
import type { AnswerHandler, ApplyEvent, ApplyRefusal, AskAiDialogProps } from '../react';
import type { markdownFragment as MarkdownFragment } from '../markdown/dom';
import { mount } from './mount';
import { trustedHtml } from './trusted-html';

/** How an answer went into the field: passed to `onApply` after the edit (the one `ApplyEvent`). */
export type FieldApplyEvent = ApplyEvent;

export interface FieldAdapterOptions extends Omit<
  AskAiDialogProps,
  'context' | 'onInsert' | 'onReplace' | 'children' | 'hideTrigger'
> {
  /** What else goes with a task (the record); the selection and the field's text are read from the field. */
  readonly context?: Omit<RunContext, 'selection' | 'document'> | undefined;
  /** Where the "Ask AI" button goes; default: right after the field. */
  readonly container?: HTMLElement | undefined;
  readonly onApply?: ((event: FieldApplyEvent) => void) | undefined;
}

export interface AttachedField {
  /** Opens the dialog on the field's current selection (what its button does). */
  open(): void;
  /** Changes the dialog's options (merged into the current ones). */
  update(options: Partial<FieldAdapterOptions>): void;
  /** Removes the button and the dialog; the field stays as it is. */
  detach(): void;
}

/** What was selected when the dialog opened, and how the answer goes back to that place. */
interface Capture {
  readonly selection: string;
  readonly document: string;
  /** A refusal when the selected text is gone or changed since the dialog opened. */
  check(): ApplyRefusal | null;
  /** A refusal when the field cannot take this answer: read-only, disabled, or past its `maxlength`. */
  accepts(as: 'insert' | 'replace', answer: TaskAnswer): ApplyRefusal | null;
  /**
   * Puts the answer in through the browser's editing commands (one native undo step), then reads the field
   * back: `false` when the field does not hold the answer afterwards (a page's script or the browser
   * changed or refused it).
   */
  edit(as: 'insert' | 'replace', answer: TaskAnswer): boolean;
}

interface FieldAccess {
  readonly element: HTMLElement;
  capture(): Capture;
  dispose(): void;
}

/**
 * `attachToTextarea(textarea, options)`: an "Ask AI" button after the field. The selection goes with the
 * task; Insert puts the answer's text after it (a blank line apart), Replace selection replaces it. Each
 * edit goes through `execCommand('insertText')`, which the browser's undo stack records as one step
 * (where a browser lacks it, `setRangeText` and an `input` event). Replace is refused, with the dialog
 * saying why, when the selected text changed or is gone since the dialog opened.
 */
export function attachToTextarea(
  textarea: HTMLTextAreaElement | HTMLInputElement,
  options: FieldAdapterOptions,
): AttachedField {
  return attach(
    {
      element: textarea,
      capture() {
        const start = textarea.selectionStart ?? textarea.value.length;
        const end = textarea.selectionEnd ?? start;
        const selected = textarea.value.slice(start, end);
        const held = textarea.value.slice(0, end);
        const check = (): ApplyRefusal | null => {
          if (start === end) return { refused: 'selectionRemoved' };
          // The held text itself, not only its offsets: the same words moved into place by an edit before
          // them are another occurrence, and are not replaced.
          return textarea.value.startsWith(held) ? null : { refused: 'selectionChanged' };
        };
        // A one-line field drops line breaks: the answer's lines go in a space apart.
        const fitted = (text: string) => (textarea instanceof HTMLInputElement ? text.replace(/\s*\n\s*/g, ' ') : text);
        /** What Insert writes where: after the selected text, a blank line apart. */
        const insertion = (answer: TaskAnswer) => {
          const at = insertionOffset(textarea.value, selected, start, end);
          const before = textarea.value.slice(0, at);
          const gap = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
          return { at, text: fitted(`${gap}${answer.text}`) };
        };
        return {
          selection: selected,
          document: textarea.value,
          check,
          accepts(as, answer) {
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
          },
          edit(as, answer) {
            const { at, to, text } =
              as === 'replace' ? { at: start, to: end, text: fitted(answer.text) } : { ...insertion(answer), to: -1 };
            const before = textarea.value;
            const expected = before.slice(0, at) + text + before.slice(to === -1 ? at : to);
            editTextarea(textarea, at, to === -1 ? at : to, text);
            return textarea.value === expected;
          },
        };
      },
      dispose() {},
    },
    options,
  );
}

/**
 * Where Insert goes in a field that may have changed since the dialog opened: after the selected text
 * where it still is (its occurrence nearest the old place), else at the end of the field.
 */
function insertionOffset(value: string, selected: string, start: number, end: number): number {
  if (value.slice(start, end) === selected) return end;
  if (selected === '') return Math.min(end, value.length);
  let best = -1;
  for (let at = value.indexOf(selected); at !== -1; at = value.indexOf(selected, at + 1)) {
    if (best === -1 || Math.abs(at - start) < Math.abs(best - start)) best = at;
  }
  return best === -1 ? value.length : best + selected.length;
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

let markdownDom: { markdownFragment: typeof MarkdownFragment } | null = null;
const loadMarkdownDom = () => import('../markdown/dom').then((module) => (markdownDom = module)).catch(() => null);

/**
 * `attachToContentEditable(element, options)`: the same for a contenteditable region. The answer goes in
 * as elements built from the dialog's parse (paragraphs, lists, bold, links — raw HTML in an answer is
 * text) through `execCommand('insertHTML')`, one native undo step; Insert goes right after the selection.
 */
export function attachToContentEditable(element: HTMLElement, options: FieldAdapterOptions): AttachedField {
  void loadMarkdownDom();
  const doc = element.ownerDocument;
  let last: Range | null = null;
  const track = () => {
    const selection = doc.getSelection();
    if (selection && selection.rangeCount > 0 && element.contains(selection.getRangeAt(0).commonAncestorContainer)) {
      last = selection.getRangeAt(0).cloneRange();
    }
  };
  doc.addEventListener('selectionchange', track);
  return attach(
    {
      element,
      capture() {
        track();
        const range = last?.cloneRange() ?? null;
        const selected = range?.toString() ?? '';
        const inField = () => range !== null && element.contains(range.commonAncestorContainer);
        const check = (): ApplyRefusal | null => {
          if (!range || selected === '' || !inField() || range.collapsed) return { refused: 'selectionRemoved' };
          return range.toString() === selected ? null : { refused: 'selectionChanged' };
        };
        return {
          selection: selected,
          document: element.innerText,
          check,
          accepts: () => (element.isContentEditable === false ? { refused: 'readOnly' } : null),
          edit(as, answer) {
            let target: Range;
            if (range && inField()) target = range.cloneRange();
            else {
              target = doc.createRange();
              target.selectNodeContents(element);
            }
            if (as === 'insert') target.collapse(false);
            const words = editContentEditable(element, target, answer);
            // Read back: the answer's words stand in the region, in order (spacing between blocks aside).
            return squeezed(element.textContent ?? '').includes(words);
          },
        };
      },
      dispose: () => doc.removeEventListener('selectionchange', track),
    },
    options,
  );
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

/** Puts the answer's elements in; returns their text without white space, for the read-back. */
function editContentEditable(element: HTMLElement, range: Range, answer: TaskAnswer): string {
  const doc = element.ownerDocument;
  const fragment = markdownDom?.markdownFragment(answer.markdown, doc) ?? doc.createTextNode(answer.text);
  const words = squeezed(fragment.textContent ?? '');
  element.focus();
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  // The serialisation of elements built with createElement and text nodes: nothing of the answer is markup.
  const holder = doc.createElement('div');
  holder.append(fragment.cloneNode(true));
  const html = trustedHtml(holder.innerHTML, doc.defaultView ?? globalThis);
  try {
    // One native undo step. Under Trusted Types without our policy allowed, there is no HTML to give.
    if (
      html !== null &&
      typeof doc.execCommand === 'function' &&
      doc.execCommand('insertHTML', false, html as string)
    ) {
      return words;
    }
  } catch {
    // A page's policy refused the command: the nodes go in directly below.
  }
  range.deleteContents();
  range.insertNode(fragment);
  element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  return words;
}

function attach(field: FieldAccess, options: FieldAdapterOptions): AttachedField {
  const doc = field.element.ownerDocument;
  const host = doc.createElement('span');
  host.setAttribute('data-ask-ai-part', 'field-adapter');
  if (options.container) options.container.append(host);
  else field.element.after(host);
  let current = options;
  let capture: Capture | null = null;
  let open = current.defaultOpen ?? false;

  // The page behind a modal dialog is inert: the field can take focus, and so the browser's own undoable
  // edit, only once the dialog has closed. The answer is checked at once and goes in then.
  let pending: (() => void) | null = null;
  const flush = () => {
    const edit = pending;
    pending = null;
    edit?.();
  };
  const handler =
    (as: 'insert' | 'replace'): AnswerHandler =>
    (answer, meta) => {
      const taken = capture;
      const refusal = !taken
        ? { refused: 'selectionRemoved' as const }
        : (taken.accepts(as, answer) ?? (as === 'replace' ? taken.check() : null));
      if (refusal || !taken) return refusal ?? undefined;
      // The dialog hears how it went once the edit is done and read back: "Inserted" and `onApply` only
      // then; else the dialog opens again with the answer and the reason.
      return new Promise<ApplyRefusal | undefined>((settle) => {
        pending = () => {
          // Checked again: the field may have changed in the moment the dialog took to close.
          const late =
            taken.accepts(as, answer) ??
            (as === 'replace' ? taken.check() : null) ??
            (taken.edit(as, answer) ? null : { refused: 'other' as const });
          if (late) {
            if (!open) setOpen(true);
            return settle(late);
          }
          current.onApply?.({ as, answer, meta });
          settle(undefined);
        };
        // The page behind the modal dialog is inert: it closes first, and the edit follows its `close`.
        if (current.closeOnApply === false || !open) flush();
        else setOpen(false);
      });
    };
  const setOpen = (next: boolean) => {
    open = next;
    dialog.update(props());
  };

  const props = (): AskAiDialogProps => {
    const { container: _container, onApply: _onApply, context, defaultOpen: _defaultOpen, ...rest } = current;
    return {
      ...rest,
      open,
      context: {
        ...context,
        ...(capture?.selection ? { selection: capture.selection } : {}),
        ...(capture ? { document: capture.document } : {}),
      },
      onOpenChange: (next) => {
        if (next) capture = field.capture();
        open = next;
        dialog.update(props());
        current.onOpenChange?.(next);
      },
      onInsert: handler('insert'),
      onReplace: handler('replace'),
    };
  };
  capture = field.capture();
  const dialog = mount(host, props());
  // `close` does not bubble; the shadow root sees it in the capture phase.
  host.shadowRoot?.addEventListener('close', flush, true);

  return {
    open() {
      capture = field.capture();
      open = true;
      dialog.update(props());
    },
    update(next) {
      current = { ...current, ...next };
      dialog.update(props());
    },
    detach() {
      dialog.unmount();
      host.remove();
      field.dispose();
    },
  };
}
