import type { ApplyEvent, AskAiDialogProps } from '../react';
import { contentEditableAdapter } from '../editors/contenteditable';
import { attachEditor, type EditorAdapter } from '../editors/editor-adapter';
import { textareaAdapter } from '../editors/textarea';
import type { AskAiEditorOptions } from '../editors/editor-options';
import { mount } from './mount';

export type { AskAiEditorOptions, EditorDrivenProp } from '../editors/editor-options';
// The editor seam (also `ask-ai-dialog/editors`) for an editor of the host's own: `attachEditor`.
export {
  attachEditor,
  type AttachedEditor,
  type AttachEditorOptions,
  type EditorAdapter,
  type EditorCapture,
} from '../editors/editor-adapter';
export { textareaAdapter, type TextareaAdapterOptions } from '../editors/textarea';
export { contentEditableAdapter } from '../editors/contenteditable';

/** How an answer went into the field: passed to `onApply` after the edit (the one `ApplyEvent`). */
export type FieldApplyEvent = ApplyEvent;

/** The plain fields' options: every editor front end's (`AskAiEditorOptions`), and where the button goes. */
export interface FieldAdapterOptions extends AskAiEditorOptions {
  /** Where the "Ask AI" button goes; default: right after the field. */
  readonly container?: HTMLElement | undefined;
  /**
   * The field holds an image's alternative text (`subject: 'image'`): the answer replaces its whole value
   * ("Use as alt text").
   */
  readonly wholeField?: boolean | undefined;
}

export interface AttachedField {
  /** Opens the dialog on the field's current selection (what its button does). */
  open(): void;
  /** Changes the dialog's options (merged into the current ones). */
  update(options: Partial<FieldAdapterOptions>): void;
  /** Removes the button and the dialog; the field stays as it is. */
  detach(): void;
}

/**
 * `attachToTextarea(textarea, options)`: an "Ask AI" button after the field (`ask-ai-dialog/editors`'
 * textarea adapter on the dialog). The selection goes with the task; Insert puts the answer's text after
 * it (a blank line apart), Replace selection replaces it, each as one native undo step, read back before
 * the dialog says so. Replace is refused, with the dialog saying why, when the selected text changed or is
 * gone since the dialog opened; a read-only or disabled field and an answer past `maxlength` too.
 */
export function attachToTextarea(
  textarea: HTMLTextAreaElement | HTMLInputElement,
  options: FieldAdapterOptions,
): AttachedField {
  const { wholeField, ...rest } = options;
  return attachField(textareaAdapter(textarea, { whole: wholeField ?? options.subject === 'image' }), rest);
}

/**
 * `attachToContentEditable(element, options)`: the same for a contenteditable region. The answer goes in
 * as elements built from the dialog's parse (paragraphs, lists, bold, links — raw HTML in an answer is
 * text) through `execCommand('insertHTML')`, one native undo step; Insert goes right after the selection.
 */
export function attachToContentEditable(element: HTMLElement, options: FieldAdapterOptions): AttachedField {
  return attachField(contentEditableAdapter(element), options);
}

function attachField(adapter: EditorAdapter, options: FieldAdapterOptions): AttachedField {
  const { container, onApply, mount: render, ...props } = options;
  // Changeable later with `update({ onApply })`.
  let applied = onApply;
  const attached = attachEditor<AskAiDialogProps>(adapter, {
    mount: render ?? mount,
    props: props as AskAiDialogProps,
    container,
    onApply: (event) => applied?.(event),
    part: 'field-adapter',
  });
  return {
    open: () => attached.open(),
    update(next) {
      const { container: _container, mount: _mount, onApply: nextApply, ...rest } = next;
      if ('onApply' in next) applied = nextApply;
      attached.update(rest as Partial<AskAiDialogProps>);
    },
    detach: () => attached.detach(),
  };
}
