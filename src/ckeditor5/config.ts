import type { Typo3Routes } from '../client';
import type { ApplyEvent, AskAiPreset } from '../react';
import type { AskAiEditorOptions } from '../editors/editor-options';

/** How an answer went into the editor, fired as the plugin's `apply` event and passed to `onApply`. */
export type AskAiApplyEvent = ApplyEvent;

/** `config.askAi`: the dialog's own settings, and where it works in the editor. */
export interface AskAiConfig extends AskAiEditorOptions {
  /** TYPO3's AJAX route ids, read from `TYPO3.settings.ajaxUrls` (instead of `endpoints`). */
  readonly routes?: Typo3Routes | undefined;
  /** The record being edited (TYPO3: the field's `data[table][uid][field]`), sent with each task. */
  readonly record?: { readonly table: string; readonly uid: number | string; readonly field?: string } | undefined;
  /**
   * Marks inserted text as AI-written: a model attribute `askAiGenerated` (the run's id, or `true`), written
   * to the data as `<span data-ai-generated="…">` (the attribute's name can be changed). Off by default.
   */
  readonly markGenerated?: boolean | { readonly viewAttribute?: string } | undefined;
  /**
   * The backend's own tasks as presets (the TYPO3 extension lists nr-llm's tasks the editor may run):
   * beside the dialog's presets (default), or instead of them.
   */
  readonly taskPresets?: readonly AskAiPreset[] | undefined;
  readonly taskPresetPlacement?: 'beside' | 'instead' | undefined;
  /**
   * Where the dialog's host element goes; default: the editor's own document's `<body>`. `top`: the top
   * window's `<body>`, where the editor sits in a same-origin frame (TYPO3's backend): the dialog is modal
   * over the whole window — the module menu and the page tree are dimmed and inert too — and goes with the
   * editor's frame when that is left. A top window of another origin: the editor's own document.
   */
  readonly container?: (() => HTMLElement) | 'top' | undefined;
}

declare module '@ckeditor/ckeditor5-core' {
  interface EditorConfig {
    askAi?: AskAiConfig;
  }
}
