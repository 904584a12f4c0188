import { Command, Plugin, type Editor } from '@ckeditor/ckeditor5-core';
import { ButtonView } from '@ckeditor/ckeditor5-ui';
import type { RunContext, Typo3Routes } from '../client';
import { attachEditor, heldSelectionCss, type AttachedEditor } from '../editors';
import { localeOf } from '../i18n/locale';
import type { AskAiDialogProps } from '../react';
import { adoptStyleSheet } from '../widget/adopt-styles';
// The dialog's one runtime (Preact inside), shared with the standalone widget where both load: in the
// built package this import stays `./widget-standalone.js` (as the seam's, `../editors`).
import { mount, typo3Endpoints, typo3EndpointsRefresh } from '../widget/standalone';
import { ckeditorAdapter } from './ckeditor-adapter';
import type { AskAiConfig } from './config';

declare module '@ckeditor/ckeditor5-core' {
  interface PluginsMap {
    [AskAiUI.pluginName]: AskAiUI;
  }
  interface CommandsMap {
    askAi: AskAiCommand;
  }
}

const LABELS: Readonly<Record<string, string>> = { en: 'Ask AI', de: 'KI fragen' };
const SPARKLE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><path d="M9 1.5 10.7 6.3 15.5 8 10.7 9.7 9 ' +
  '14.5 7.3 9.7 2.5 8 7.3 6.3Z"/><path d="M15.5 12l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9Z"/></svg>';

/** The keystroke that opens the dialog: Ctrl+J (⌘J on a Mac), as in Tiptap's and Notion's AI. */
export const ASK_AI_KEYSTROKE = 'Ctrl+J';

/** Opens the dialog on the current selection; disabled in read-only mode (it changes the document). */
export class AskAiCommand extends Command {
  override refresh() {
    this.isEnabled = this.editor.plugins.get(AskAiUI).isConfigured;
  }

  override execute() {
    this.editor.plugins.get(AskAiUI).open();
  }
}

/**
 * The UI of Ask AI: the toolbar button `askAi`, Ctrl+J, the `askAi` command, and the dialog's lifecycle
 * — made on first open, on the editor's seam (`ckeditorAdapter`: the held selection, the `askAiInsert` /
 * `askAiReplace` commands of `AskAiEditing`), updated by `configure()`, gone with the editor or its
 * frame. Fires `apply` after an answer went in.
 */
export class AskAiUI extends Plugin {
  static get pluginName() {
    return 'AskAiUI' as const;
  }

  static override get isOfficialPlugin(): false {
    return false;
  }

  #attached: AttachedEditor<AskAiDialogProps> | null = null;
  /** Made once per routes: a new function each time would make the dialog's transport anew. */
  #refresh: { routes: Typo3Routes; refresh: AskAiDialogProps['refreshEndpoints'] } | null = null;
  #removeSheet: (() => void) | null = null;
  #leaveFrame: (() => void) | null = null;
  #config: AskAiConfig = {};

  constructor(editor: Editor) {
    super(editor);
    editor.config.define('askAi', {});
  }

  /** Whether the dialog can reach a backend (endpoints, routes or a transport are set). */
  get isConfigured(): boolean {
    const c = this.#config;
    return Boolean(c.transport || c.endpoints || c.routes);
  }

  init() {
    const { editor } = this;
    this.#config = editor.config.get('askAi') ?? {};
    editor.commands.add('askAi', new AskAiCommand(editor));
    const config = () => this.#config;
    const label = () =>
      config().messages?.trigger ?? LABELS[localeOf(config().locale ?? editor.locale.uiLanguage)] ?? LABELS.en;
    editor.ui.componentFactory.add('askAi', (locale) => {
      const button = new ButtonView(locale);
      const command = editor.commands.get('askAi')!;
      button.set({
        label: label(),
        icon: SPARKLE,
        tooltip: true,
        withText: true,
        keystroke: ASK_AI_KEYSTROKE,
        class: 'ask-ai-ckeditor-button',
      });
      button.bind('isEnabled').to(command, 'isEnabled');
      this.listenTo(button, 'execute', () => editor.execute('askAi'));
      return button;
    });
    editor.keystrokes.set(ASK_AI_KEYSTROKE, (_data, cancel) => {
      if (!editor.commands.get('askAi')?.isEnabled) return;
      editor.execute('askAi');
      cancel();
    });
  }

  /** Changes settings at run time (e.g. the configuration, the locale); `undefined` = back to the default. */
  configure(changes: Partial<AskAiConfig>) {
    this.#config = { ...this.#config, ...changes };
    this.editor.commands.get('askAi')?.refresh();
    this.#attached?.update(this.#dialogProps());
  }

  /** Opens the dialog on the current selection (what the toolbar button and Ctrl+J do). */
  open() {
    this.#ensureDialog().open();
  }

  /** Closes the dialog and releases the held selection. */
  close() {
    this.#attached?.close();
  }

  override destroy() {
    this.#leaveFrame?.();
    this.#leaveFrame = null;
    this.#attached?.detach();
    this.#attached = null;
    this.#removeSheet?.();
    this.#removeSheet = null;
    super.destroy();
  }

  #ensureDialog(): AttachedEditor<AskAiDialogProps> {
    if (this.#attached) return this.#attached;
    const doc = this.editor.ui.view.element?.ownerDocument ?? document;
    this.#removeSheet = adoptStyleSheet(doc, heldSelectionCss('.ck-editor__editable'));
    const container = containerFor(this.#config.container, doc);
    if (container.ownerDocument !== doc && doc.defaultView) {
      // A dialog in another frame's document outlives this one's unless it goes with it (a form left
      // without the editor being destroyed).
      const view = doc.defaultView;
      const leave = () => {
        this.#attached?.detach();
        this.#attached = null;
      };
      view.addEventListener('pagehide', leave);
      this.#leaveFrame = () => view.removeEventListener('pagehide', leave);
    }
    this.#attached = attachEditor<AskAiDialogProps>(
      ckeditorAdapter(this.editor, () => this.#editorContext()),
      {
        mount: this.#config.mount ?? mount,
        props: { ...this.#dialogProps(), open: false },
        container,
        onApply: (event) => {
          this.fire('apply', event);
          this.#config.onApply?.(event);
        },
        part: 'ckeditor5',
      },
    );
    return this.#attached;
  }

  /** The content's language (only one the host gave the editor) and the record being edited. */
  #editorContext(): RunContext {
    const { editor } = this;
    const record = this.#config.record;
    // TYPO3 sets `language.content` from the record: CKEditor's own default is English whatever the text is.
    const contentLanguage = editor.config.get('language') !== undefined ? editor.locale.contentLanguage : undefined;
    return {
      ...(contentLanguage ? { contentLanguage } : {}),
      ...(record
        ? { recordTable: record.table, recordUid: record.uid, ...(record.field ? { recordField: record.field } : {}) }
        : {}),
    };
  }

  #dialogProps(): AskAiDialogProps {
    const { routes, record: _r, markGenerated: _m, onApply: _a, container: _c, mount: _mount, ...rest } = this.#config;
    const { taskPresets, taskPresetPlacement, ...props } = rest;
    const tasks = taskPresets?.length ? taskPresets : undefined;
    let endpoints = props.endpoints;
    let refreshEndpoints = props.refreshEndpoints;
    if (!endpoints && !props.transport && routes) {
      try {
        endpoints = typo3Endpoints(routes);
      } catch {
        // A route TYPO3 did not publish: the dialog reports the failed request; the editor keeps working.
        endpoints = { tools: '', run: '' };
      }
      // After a new login TYPO3's old route tokens fail: the public `routes` route answers the new URLs.
      if (this.#refresh?.routes !== routes) this.#refresh = { routes, refresh: typo3EndpointsRefresh(routes) };
      refreshEndpoints ??= this.#refresh.refresh;
    }
    return {
      ...props,
      locale: this.#locale(),
      ...(tasks && taskPresetPlacement === 'instead' ? { presets: tasks } : { morePresets: tasks }),
      endpoints,
      refreshEndpoints,
      hideTrigger: true,
    };
  }

  /**
   * The dialog's language: `askAi.locale` when set, else the editor's UI language (TYPO3 sets
   * `language.ui` from the backend user), never a guess from the browser.
   */
  #locale(): string {
    return this.#config.locale ?? this.editor.locale.uiLanguage;
  }
}

/** The dialog host's parent (see `AskAiConfig.container`). */
function containerFor(container: AskAiConfig['container'], doc: Document): HTMLElement {
  if (typeof container === 'function') return container();
  if (container === 'top') {
    try {
      // Reading another origin's document throws: then the editor's own.
      const top = doc.defaultView?.top?.document.body;
      if (top) return top;
    } catch {
      // Another origin.
    }
  }
  return doc.body;
}
