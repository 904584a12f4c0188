import { Command, Plugin, type Editor } from '@ckeditor/ckeditor5-core';
import type {
  ModelDocumentFragment,
  ModelElement,
  ModelPosition,
  ModelRange,
  ViewElement,
} from '@ckeditor/ckeditor5-engine';
import { ButtonView } from '@ckeditor/ckeditor5-ui';
import type { AskAiEndpoints, RunContext, TaskAnswer, Typo3Routes } from '../client';
import type { AnswerHandler, ApplyEvent, ApplyRefusal, AskAiDialogProps, AskAiPreset } from '../react';
import { adoptStyleSheet } from '../widget/adopt-styles';
// The dialog's one runtime (Preact inside), shared with the standalone widget where both load: in the
// built package this import stays `./widget-standalone.js`.
import { textParagraphs } from '../markdown/paragraphs';
import { localeOf } from '../session/locale';
import { loadMarkdownFragment, mount, typo3Endpoints, type MountedDialog } from '../widget/standalone';
import { modelToMarkdown, modelToText } from './model-markdown';

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
  /** Where the dialog's host element goes; default: the editor's own document's `<body>`. */
  readonly container?: (() => HTMLElement) | undefined;
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

const MARKER = 'askAi:selection';
const GENERATED = 'askAiGenerated';
const LABELS: Readonly<Record<string, string>> = { en: 'Ask AI', de: 'KI fragen' };
const SPARKLE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><path d="M9 1.5 10.7 6.3 15.5 8 10.7 9.7 9 ' +
  '14.5 7.3 9.7 2.5 8 7.3 6.3Z"/><path d="M15.5 12l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9Z"/></svg>';

/** The held selection, shown while the dialog is open (CKEditor's own AI shows its "fake" selection so). */
const HELD_SELECTION_CSS =
  '.ck-editor__editable .ask-ai-held-selection { background-color: var(--ask-ai-held-selection, ' +
  'color-mix(in srgb, Highlight 30%, transparent)); box-shadow: 0 0 0 1px color-mix(in srgb, Highlight 60%, ' +
  'transparent); }';

/** What was selected when the dialog opened: Replace checks that it is still there, unchanged. */
interface Held {
  readonly collapsed: boolean;
  readonly data: string;
}

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
 * Ask AI for CKEditor 5: a toolbar button `askAi` that opens the dialog on the selection, holds the
 * selection with a visible marker while it is open, and applies Insert and Replace selection each as
 * one undoable model change. The answer's markdown enters the editor's own data pipeline as elements
 * built from the dialog's parse (raw HTML in an answer is text); what the schema does not allow
 * degrades to paragraphs and text.
 */
export class AskAi extends Plugin {
  static get pluginName() {
    return 'AskAi' as const;
  }

  static override get isOfficialPlugin(): false {
    return false;
  }

  #dialog: MountedDialog | null = null;
  #host: HTMLElement | null = null;
  #held: Held | null = null;
  #removeSheet: (() => void) | null = null;
  #config: AskAiConfig = {};
  /** The answer → DOM converter, loaded with the markdown renderer when the plugin starts. */
  #fragment: ((markdown: string, doc: Document) => DocumentFragment) | null = null;

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
    void loadMarkdownFragment()
      .then((fragment) => (this.#fragment = fragment))
      .catch(() => undefined);
    editor.commands.add('askAi', new AskAiCommand(editor));
    editor.conversion.for('editingDowncast').markerToHighlight({
      model: 'askAi',
      view: { classes: 'ask-ai-held-selection' },
    });
    this.#registerGeneratedAttribute();

    editor.ui.componentFactory.add('askAi', (locale) => {
      const button = new ButtonView(locale);
      const command = editor.commands.get('askAi')!;
      button.set({
        label: this.#config.messages?.trigger ?? LABELS[localeOf(this.#locale())] ?? LABELS.en,
        icon: SPARKLE,
        tooltip: true,
        withText: true,
        class: 'ask-ai-ckeditor-button',
      });
      button.bind('isEnabled').to(command, 'isEnabled');
      this.listenTo(button, 'execute', () => editor.execute('askAi'));
      return button;
    });
  }

  /** Changes settings at run time (e.g. the configuration, the locale); `undefined` = back to the default. */
  configure(changes: Partial<AskAiConfig>) {
    this.#config = { ...this.#config, ...changes };
    this.editor.commands.get('askAi')?.refresh();
    this.#dialog?.update(this.#dialogProps());
  }

  /** Opens the dialog on the current selection (what the toolbar button does). */
  open() {
    const { editor } = this;
    const { model } = editor;
    const selection = model.document.selection;
    const ranges = [...selection.getRanges()];
    const first = ranges[0];
    const last = ranges[ranges.length - 1];
    if (!first || !last) return;
    const range = model.createRange(first.start, last.end);
    const selected = model.getSelectedContent(selection);
    model.change((writer) => {
      if (model.markers.has(MARKER)) writer.updateMarker(MARKER, { range });
      else writer.addMarker(MARKER, { range, usingOperation: false, affectsData: false });
    });
    this.#held = { collapsed: range.isCollapsed, data: editor.data.stringify(selected) };
    const text = range.isCollapsed ? '' : modelToText(selected);
    const root = model.document.getRoot();
    const record = this.#config.record;
    // Only a language the host gave the editor (TYPO3: `language.content` from the record): CKEditor's own
    // default is English whatever the text is.
    const contentLanguage = editor.config.get('language') !== undefined ? editor.locale.contentLanguage : undefined;
    const context: RunContext = {
      ...(text !== '' ? { selection: text, selectionMarkdown: modelToMarkdown(selected) } : {}),
      ...(root ? { document: modelToText(root) } : {}),
      ...(contentLanguage ? { contentLanguage } : {}),
      ...(record
        ? { recordTable: record.table, recordUid: record.uid, ...(record.field ? { recordField: record.field } : {}) }
        : {}),
    };
    this.#ensureDialog().update({ ...this.#dialogProps(), context, open: true });
  }

  /** Closes the dialog and releases the held selection. */
  close() {
    this.#dialog?.update({ open: false });
    this.#release();
  }

  override destroy() {
    this.#dialog?.unmount();
    this.#dialog = null;
    this.#host?.remove();
    this.#host = null;
    this.#removeSheet?.();
    this.#removeSheet = null;
    super.destroy();
  }

  #ensureDialog(): MountedDialog {
    if (this.#dialog) return this.#dialog;
    const doc = this.editor.ui.view.element?.ownerDocument ?? document;
    this.#removeSheet = adoptStyleSheet(doc, HELD_SELECTION_CSS);
    const host = doc.createElement('div');
    host.setAttribute('data-ask-ai-part', 'ckeditor5');
    (this.#config.container?.() ?? doc.body).append(host);
    this.#host = host;
    this.#dialog = (this.#config.mount ?? mount)(host, { ...this.#dialogProps(), hideTrigger: true, open: false });
    return this.#dialog;
  }

  #dialogProps(): AskAiDialogProps {
    const { routes, record: _r, markGenerated: _m, onApply: _a, container: _c, mount: _mount, ...rest } = this.#config;
    const { taskPresets, taskPresetPlacement, ...props } = rest;
    const tasks = taskPresets?.length ? taskPresets : undefined;
    let endpoints = props.endpoints;
    if (!endpoints && !props.transport && routes) {
      try {
        endpoints = typo3Endpoints(routes);
      } catch {
        // A route TYPO3 did not publish: the dialog reports the failed request; the editor keeps working.
        endpoints = { tools: '', run: '' };
      }
    }
    return {
      ...props,
      locale: this.#locale(),
      ...(tasks && taskPresetPlacement === 'instead' ? { presets: tasks } : { morePresets: tasks }),
      endpoints,
      hideTrigger: true,
      onOpenChange: (open) => {
        this.#dialog?.update({ open });
        if (!open) this.#release();
      },
      onInsert: this.#handler('insert'),
      onReplace: this.#handler('replace'),
    };
  }

  /**
   * The dialog's language: `askAi.locale` when set, else the editor's UI language (TYPO3 sets
   * `language.ui` from the backend user), never a guess from the browser.
   */
  #locale(): string {
    return this.#config.locale ?? this.editor.locale.uiLanguage;
  }

  #handler(as: 'insert' | 'replace'): AnswerHandler {
    return (answer, meta) => {
      const refusal = this.#apply(as, answer, meta.runUuid ?? 'true');
      if (refusal) return refusal;
      const event: AskAiApplyEvent = { as, answer, meta };
      this.fire('apply', event);
      this.#config.onApply?.(event);
      return undefined;
    };
  }

  /** Puts the answer in as one model change (one undo step); a refusal when Replace cannot be done safely. */
  #apply(as: 'insert' | 'replace', answer: TaskAnswer, mark: string): ApplyRefusal | null {
    const { model } = this.editor;
    if (this.editor.isReadOnly) return { refused: 'readOnly' };
    const marker = model.markers.get(MARKER);
    const held = this.#held;
    if (as === 'replace') {
      if (!marker || !held || held.collapsed) return { refused: 'selectionRemoved' };
      const range = marker.getRange();
      if (range.isCollapsed || range.root.rootName === '$graveyard') return { refused: 'selectionRemoved' };
      const now = this.editor.data.stringify(model.getSelectedContent(model.createSelection(range)));
      if (now !== held.data) return { refused: 'selectionChanged' };
    }
    let applied = false;
    model.change((writer) => {
      const fragment = this.#answerModel(answer);
      if (this.#config.markGenerated) {
        const texts = [...writer.createRangeIn(fragment).getItems()].filter((item) => item.is('$textProxy'));
        for (const text of texts) writer.setAttribute(GENERATED, mark, text);
      }
      // A held range whose content was removed lives on in the graveyard: then the editor's own selection.
      const held = marker?.getRange();
      const range = held && held.root.rootName !== '$graveyard' ? held : model.document.selection.getFirstRange();
      if (!range) return;
      const target = as === 'replace' ? writer.createSelection(range) : insertionPoint(model, range);
      const inserted = model.insertContent(fragment, target);
      writer.setSelection(inserted.end);
      // Read back: the schema (or a plugin) may have taken nothing of it.
      applied = !inserted.isCollapsed || fragment.isEmpty;
    });
    return applied ? null : { refused: 'other' };
  }

  /** The answer as a model fragment: our DOM → the editor's view → its model, where the schema applies. */
  #answerModel(answer: TaskAnswer): ModelDocumentFragment {
    const { data } = this.editor;
    const doc = this.editor.ui.view.element?.ownerDocument ?? document;
    const processor = data.processor as unknown as {
      domConverter?: { domToView(node: Node): unknown };
      toView(html: string): unknown;
    };
    // Should the renderer's chunk not have loaded, the answer's plain text goes in, a paragraph a block.
    const dom = this.#fragment?.(answer.markdown, doc) ?? fragmentOf(textParagraphs(answer.text, doc), doc);
    let view: unknown;
    if (processor.domConverter) view = processor.domConverter.domToView(dom);
    else {
      // A processor without a DOM converter takes a string: the serialisation of the elements built above.
      const holder = doc.createElement('div');
      holder.append(dom);
      view = processor.toView(holder.innerHTML);
    }
    return data.toModel(view as Parameters<typeof data.toModel>[0]);
  }

  #release() {
    this.#held = null;
    const { model } = this.editor;
    if (model.markers.has(MARKER)) model.change((writer) => writer.removeMarker(MARKER));
  }

  #registerGeneratedAttribute() {
    const mark = this.#config.markGenerated;
    if (!mark) return;
    const viewAttribute = (typeof mark === 'object' && mark.viewAttribute) || 'data-ai-generated';
    const { editor } = this;
    editor.model.schema.extend('$text', { allowAttributes: GENERATED });
    editor.model.schema.setAttributeProperties(GENERATED, { isFormatting: false, copyOnEnter: false });
    editor.conversion.for('downcast').attributeToElement({
      model: GENERATED,
      view: (value, { writer }) =>
        value ? writer.createAttributeElement('span', { [viewAttribute]: String(value) }, { priority: 5 }) : null,
    });
    editor.conversion.for('upcast').elementToAttribute({
      view: { name: 'span', attributes: { [viewAttribute]: /[\s\S]*/ } },
      model: { key: GENERATED, value: (element: ViewElement) => element.getAttribute(viewAttribute) ?? 'true' },
    });
  }
}

/**
 * Where Insert puts the answer: after the block that ends the selection, as new blocks (CKEditor's AI
 * "Insert below"); in an empty block, into it.
 */
function insertionPoint(model: Editor['model'], range: ModelRange): ModelPosition {
  const end = range.end;
  const block = end.parent as ModelElement;
  if (!block.is('element') || block.is('rootElement')) return end;
  if (block.isEmpty) return model.createPositionAt(block, 0);
  if (!model.schema.isBlock(block)) return end;
  return model.createPositionAfter(block);
}

function fragmentOf(nodes: readonly Node[], doc: Document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  fragment.append(...nodes);
  return fragment;
}
