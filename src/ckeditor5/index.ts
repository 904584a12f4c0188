/**
 * `ask-ai-dialog/ckeditor5`: the Ask AI plugin for CKEditor 5. It imports CKEditor only through its
 * per-package specifiers (`@ckeditor/ckeditor5-core`, `-ui`), as TYPO3's import map provides them, and
 * the dialog from the standalone widget's module, so both share one runtime.
 */
export { AskAi, AskAiCommand, type AskAiApplyEvent, type AskAiConfig } from './ask-ai';
export { modelToMarkdown, modelToText } from './model-markdown';
export type { MountedDialog } from '../widget/mount';
