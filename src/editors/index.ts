/**
 * `ask-ai-dialog/editors`: the editor seam, framework-free. Any editor reaches the dialog through an
 * `EditorAdapter` on `attachEditor` — capture the selection, verify, apply in one undo step and read
 * back, or refuse with a reason. The textarea and contenteditable adapters are the two the package's
 * plain fields use; CKEditor 5 (`ask-ai-dialog/ckeditor5`) and Tiptap (`ask-ai-dialog/tiptap`) bring their
 * own. `attachEditor` takes the dialog's renderer (`mount`): the standalone widget's (Preact, no React
 * needed) or the host's React (`ask-ai-dialog/widget`).
 */
export {
  attachEditor,
  type ApplyAs,
  type AttachedEditor,
  type AttachEditorOptions,
  type EditorAdapter,
  type EditorCapture,
  type EditorDialog,
  type EditorDialogProps,
} from './editor-adapter';
export { refusalOf, type AnswerHandler, type ApplyEvent, type ApplyRefusal } from './apply';
export { textareaAdapter, type TextareaAdapterOptions } from './textarea';
export { contentEditableAdapter } from './contenteditable';
export { HELD_SELECTION_CLASS, heldSelectionCss } from './held-selection';
export type { AskAiEditorOptions, EditorDrivenProp } from './editor-options';
export type { AskAiDialogSettings, FeedbackHandler, TransportSettings } from './dialog-settings';
