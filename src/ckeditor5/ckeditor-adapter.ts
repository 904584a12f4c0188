import type { Editor } from '@ckeditor/ckeditor5-core';
import type { RunContext } from '../client';
import type { ApplyRefusal, EditorAdapter } from '../editors';
import { rangeRect } from '../editors/selection-anchor';
import { AskAiEditing, MARKER } from './ask-ai-editing';

/**
 * A CKEditor 5 editor with `AskAiEditing` as the dialog's seam sees it: the held selection (a marker), the
 * `askAiInsert` / `askAiReplace` commands, the release. A command that did not run (a host's listener
 * stopped it) took nothing: that is a refusal, not an answer that went in.
 */
export function ckeditorAdapter(editor: Editor, context: () => RunContext = () => ({})): EditorAdapter {
  const editing = editor.plugins.get(AskAiEditing);
  return {
    element: editor.ui.view.element ?? document.body,
    // A model change needs no focus: the answer goes in while the dialog is still open.
    editsAfterClose: false,
    capture: () => {
      const held = editing.hold() ?? { text: '', markdown: '', document: '' };
      // An image the Image plugin knows: its alt text is the task, and "Use as alt text" sets it.
      const image = editor.plugins.has('ImageEditing') ? editing.heldImage() : null;
      const src = image?.getAttribute('src');
      return {
        selection: held.text,
        selectionMarkdown: held.markdown,
        document: held.document,
        context: context(),
        subject: image ? 'image' : undefined,
        image: image && typeof src === 'string' ? { src } : undefined,
        verify: (as) => (image ? (editing.heldImage() ? null : { refused: 'selectionRemoved' }) : editing.verify(as)),
        apply: (as, answer, meta) => {
          if (image) return editing.applyAltText(answer.text);
          const command = as === 'insert' ? 'askAiInsert' : 'askAiReplace';
          const result = editor.execute(command, { answer, mark: meta.runUuid ?? 'true' }) as
            ApplyRefusal | null | undefined;
          return result === undefined ? { refused: 'other' } : result;
        },
        rect: () => heldRect(editor),
        // Nothing went in: the held selection is the editor's selection again, before the marker goes.
        restore() {
          const held = editor.model.markers.get(MARKER)?.getRange();
          if (held && held.root.rootName !== '$graveyard') editor.model.change((writer) => writer.setSelection(held));
        },
        release: () => editing.release(),
        // The answer (or the held selection) is selected in the model: the editing view takes the focus, on it.
        focus: () => editor.editing.view.focus(),
      };
    },
    dispose() {},
  };
}

/** Where the held selection (its marker) is on screen, in the editor's viewport. */
function heldRect(editor: Editor) {
  const held = editor.model.markers.get(MARKER)?.getRange();
  if (!held || held.root.rootName === '$graveyard') return null;
  try {
    const { editing } = editor;
    const element = held.getContainedElement();
    if (element) {
      // An image (a widget): its own box.
      const view = editing.mapper.toViewElement(element);
      const dom = view && editing.view.domConverter.mapViewToDom(view);
      if (dom instanceof Element) {
        const box = dom.getBoundingClientRect();
        return { top: box.top, left: box.left, right: box.right, bottom: box.bottom };
      }
    }
    const range = editing.view.domConverter.viewRangeToDom(editing.mapper.toViewRange(held));
    return rangeRect(range);
  } catch {
    // A range the view has not rendered yet: the dialog takes its usual place.
    return null;
  }
}
