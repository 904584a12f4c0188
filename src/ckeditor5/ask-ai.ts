import { Plugin } from '@ckeditor/ckeditor5-core';
import { AskAiEditing } from './ask-ai-editing';
import { AskAiUI } from './ask-ai-ui';
import type { AskAiConfig } from './config';

declare module '@ckeditor/ckeditor5-core' {
  interface PluginsMap {
    [AskAi.pluginName]: AskAi;
  }
}

/**
 * Ask AI for CKEditor 5, the glue of `AskAiEditing` (the held selection, the `askAiInsert` and
 * `askAiReplace` commands) and `AskAiUI` (the toolbar button `askAi`, Ctrl+J, the dialog): the `askAi`
 * command opens the dialog on the selection, which stays held and highlighted while it is open; Insert and
 * Replace selection each go in as one undoable model change. The answer's markdown enters the editor's own
 * data pipeline as elements built from the dialog's parse (raw HTML in an answer is text); what the schema
 * does not allow degrades to paragraphs and text. `open`, `close`, `configure` and the `apply` event are
 * `AskAiUI`'s, here too.
 */
export class AskAi extends Plugin {
  static get pluginName() {
    return 'AskAi' as const;
  }

  static get requires() {
    return [AskAiEditing, AskAiUI] as const;
  }

  static override get isOfficialPlugin(): false {
    return false;
  }

  init() {
    // The dialog's `apply` event, heard on the glue as well.
    this.editor.plugins.get(AskAiUI).delegate('apply').to(this);
  }

  /** Whether the dialog can reach a backend (endpoints, routes or a transport are set). */
  get isConfigured(): boolean {
    return this.editor.plugins.get(AskAiUI).isConfigured;
  }

  /** Changes settings at run time (e.g. the configuration, the locale); `undefined` = back to the default. */
  configure(changes: Partial<AskAiConfig>) {
    this.editor.plugins.get(AskAiUI).configure(changes);
  }

  /** Opens the dialog on the current selection (what the toolbar button and Ctrl+J do). */
  open() {
    this.editor.plugins.get(AskAiUI).open();
  }

  /** Closes the dialog and releases the held selection. */
  close() {
    this.editor.plugins.get(AskAiUI).close();
  }
}
