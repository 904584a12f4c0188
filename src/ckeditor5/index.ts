/**
 * `ask-ai-dialog/ckeditor5`: the Ask AI plugin for CKEditor 5. It imports CKEditor only through its
 * per-package specifiers (`@ckeditor/ckeditor5-core`, `-ui`, `-engine`), as TYPO3's import map provides
 * them, and the dialog from the standalone widget's module, so both share one runtime. `AskAi` is the glue
 * of `AskAiEditing` (model, marker, conversion, the `askAiInsert` / `askAiReplace` commands) and `AskAiUI`
 * (the `askAi` button, Ctrl+J, the dialog's lifecycle).
 */
export { AskAi } from './ask-ai';
export type { AskAiApplyEvent, AskAiConfig } from './config';
export { AskAiEditing, AskAiApplyCommand, type AskAiApplyOptions, type HeldSelection } from './ask-ai-editing';
export { AskAiUI, AskAiCommand, ASK_AI_KEYSTROKE } from './ask-ai-ui';
export { ckeditorAdapter } from './ckeditor-adapter';
export { modelToMarkdown, modelToText } from './model-markdown';
export type { MountedDialog } from '../widget/mount';
