import type { RunContext } from '../client';
import type { ApplyEvent } from './apply';
import type { AskAiDialogSettings } from './dialog-settings';
import type { EditorDialog } from './editor-adapter';

/** The dialog's settings an editor front end drives itself, from what the editor holds: never the host's. */
export type EditorDrivenProp = 'context' | 'open' | 'defaultOpen' | 'onInsert' | 'onReplace' | 'hideTrigger';

/**
 * What every editor front end takes — the plain fields (`attachToTextarea`, `attachToContentEditable`),
 * CKEditor 5's `config.askAi` and Tiptap's `AskAi.configure()`: the dialog's own settings, the record that
 * goes with a task, what to hear after an edit, and how the dialog is rendered. Each front end adds where
 * its dialog goes (`container`) and what only its editor has.
 */
export interface AskAiEditorOptions extends Omit<AskAiDialogSettings, EditorDrivenProp> {
  /** What else goes with a task (the record); the selection and the document are read from the editor. */
  readonly context?: Omit<RunContext, 'selection' | 'selectionMarkdown' | 'document'> | undefined;
  /** Called once an answer is in the editor, read back (also the CKEditor plugin's `apply` event). */
  readonly onApply?: ((event: ApplyEvent) => void) | undefined;
  /**
   * Renders the dialog into its host element. The default differs by front end, as each one's runtime:
   * the plain fields and Tiptap use `ask-ai-dialog/widget`'s `mount` (the host's React, in a shadow root);
   * CKEditor 5 uses the standalone widget's (Preact inside, no React needed — TYPO3's case). A React host
   * can pass its own to share its React, styles and `QueryClient`.
   */
  readonly mount?:
    ((host: HTMLElement, settings: AskAiDialogSettings) => EditorDialog<AskAiDialogSettings>) | undefined;
}
