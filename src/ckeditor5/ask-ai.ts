import { Command, Plugin, type Editor } from '@ckeditor/ckeditor5-core';
import type { AskAiEndpoints, RunContext, Typo3Routes } from '../client';
import type { ApplyEvent, ApplyRefusal, AskAiDialogProps, AskAiPreset } from '../react';
import { adoptStyleSheet } from '../widget/adopt-styles';
// The dialog's one runtime (Preact inside), shared with the standalone widget where both load: in the
// built package this import stays `./widget-standalone.js`.
import {
  attachEditor,
  mount,
  typo3Endpoints,
  typo3EndpointsRefresh,
  type AttachedEditor,
  type EditorAdapter,
  type MountedDialog,
} from '../widget/standalone';
import { AskAiEditing } from './ask-ai-editing';
import { AskAiUI } from './ask-ai-ui';

/** How an answer went into the editor, fired as the plugin's `apply` event and passed to `onApply`. */
export type AskAiApplyEvent = ApplyEvent;

/** `config.askAi`: the dialog's own settings, and where it works in the editor. */
export interface AskAiConfig extends Omit<
  AskAiDialogProps,
  | 'context'
  | 'open'
  | 'defaultOpen'
  | 'onOpenChange'
  | 'onInsert'
  | 'onReplace'
  | 'hideTrigger'
  | 'children'
  | 'queryClient'
  | 'endpoints'
> {
  /** The backend's URLs; or `routes`, TYPO3's AJAX route ids read from `TYPO3.settings.ajaxUrls`. */
  readonly endpoints?: AskAiEndpoints | undefined;
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
  /** Called after an answer went in (also fired as the plugin's `apply` event). */
  readonly onApply?: ((event: AskAiApplyEvent) => void) | undefined;
  /**
   * Where the dialog's host element goes; default: the editor's own document's `<body>`. `top`: the top
   * window's `<body>`, where the editor sits in a same-origin frame (TYPO3's backend): the dialog is modal
   * over the whole window — the module menu and the page tree are dimmed and inert too — and goes with the
   * editor's frame when that is left. A top window of another origin: the editor's own document.
   */
  readonly container?: (() => HTMLElement) | 'top' | undefined;
  /**
   * Renders the dialog into the host element. Default: the standalone widget's `mount` (its own
   * runtime, in a shadow root). A React host can render `<AskAiDialog {...props}>` there itself (e.g.
   * through a portal) to share its React, its styles and its `QueryClient`.
   */
  readonly mount?: ((host: HTMLElement, props: AskAiDialogProps) => MountedDialog) | undefined;
}

declare module '@ckeditor/ckeditor5-core' {
  interface EditorConfig {
    askAi?: AskAiConfig;
  }
  interface PluginsMap {
    [AskAi.pluginName]: AskAi;
  }
  interface CommandsMap {
    askAi: AskAiCommand;
  }
}

/** The held selection, shown while the dialog is open (CKEditor's own AI shows its "fake" selection so). */
const HELD_SELECTION_CSS =
  '.ck-editor__editable .ask-ai-held-selection { background-color: var(--ask-ai-held-selection, ' +
  'color-mix(in srgb, Highlight 30%, transparent)); box-shadow: 0 0 0 1px color-mix(in srgb, Highlight 60%, ' +
  'transparent); }';

/** Opens the dialog on the current selection; disabled in read-only mode (it changes the document). */
export class AskAiCommand extends Command {
  override refresh() {
    this.isEnabled = this.editor.plugins.get(AskAi).isConfigured;
  }

  override execute() {
    this.editor.plugins.get(AskAi).open();
  }
}

/**
 * Ask AI for CKEditor 5, the glue of `AskAiEditing` (the held selection, the `askAiInsert` and
 * `askAiReplace` commands) and `AskAiUI` (the toolbar button `askAi`, Ctrl+J): the `askAi` command opens
 * the dialog on the selection, which stays held and highlighted while it is open; Insert and Replace
 * selection each go in as one undoable model change. The answer's markdown enters the editor's own data
 * pipeline as elements built from the dialog's parse (raw HTML in an answer is text); what the schema
 * does not allow degrades to paragraphs and text.
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
    this.#removeSheet = adoptStyleSheet(doc, HELD_SELECTION_CSS);
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
        release: () => editing.release(),
        // The answer is selected in the model: the editing view takes the focus back, on it.
        focus: () => editor.editing.view.focus(),
      };
    },
    dispose() {},
  };
}
