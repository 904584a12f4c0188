import { Command, Plugin, type Editor } from '@ckeditor/ckeditor5-core';
import type {
  ModelDocumentFragment,
  ModelElement,
  ModelPosition,
  ModelRange,
  ViewElement,
} from '@ckeditor/ckeditor5-engine';
import type { TaskAnswer } from '../client';
import type { ApplyRefusal } from '../react';
// The answer → DOM converter comes with the markdown renderer, from the standalone widget's module.
import { answerDom, preloadAnswerDom } from '../widget/standalone';
import { modelToMarkdown, modelToText } from './model-markdown';

declare module '@ckeditor/ckeditor5-core' {
  interface PluginsMap {
    [AskAiEditing.pluginName]: AskAiEditing;
  }
  interface CommandsMap {
    askAiInsert: AskAiApplyCommand;
    askAiReplace: AskAiApplyCommand;
  }
}

export const MARKER = 'askAi:selection';
const GENERATED = 'askAiGenerated';

/** What was selected when the selection was held: Replace checks that it is still there, unchanged. */
interface Held {
  readonly collapsed: boolean;
  readonly data: string;
}

/** The held selection as the dialog sends it. */
export interface HeldSelection {
  /** The selected text, plain; empty for a caret. */
  readonly text: string;
  /** The selected content as markdown (its structure kept); empty for a caret. */
  readonly markdown: string;
  /** The whole document's text. */
  readonly document: string;
}

/** What `askAiInsert` and `askAiReplace` take: the answer, and the mark for AI-written text (`markGenerated`). */
export interface AskAiApplyOptions {
  readonly answer: TaskAnswer;
  readonly mark?: string | undefined;
}

/**
 * `askAiInsert` and `askAiReplace`: put an answer in as one model change (one undo step) — after the block
 * that ends the held selection, or in place of it — and read the change back. `execute` returns `null`
 * when the answer went in, else why not (the held selection changed or is gone; nothing was taken). A host
 * can bind them to its own UI: `editor.execute('askAiReplace', { answer })`. Disabled in read-only mode.
 */
export class AskAiApplyCommand extends Command {
  readonly #as: 'insert' | 'replace';

  constructor(editor: Editor, as: 'insert' | 'replace') {
    super(editor);
    this.#as = as;
  }

  override refresh() {
    this.isEnabled = this.editor.model.canEditAt(this.editor.model.document.selection);
  }

  override execute(options: AskAiApplyOptions): ApplyRefusal | null {
    return this.editor.plugins.get(AskAiEditing).apply(this.#as, options);
  }
}

/**
 * The model side of Ask AI: the held selection as a marker shown as a highlight, the `askAiGenerated`
 * text attribute (`markGenerated`), and the `askAiInsert` / `askAiReplace` commands.
 */
export class AskAiEditing extends Plugin {
  static get pluginName() {
    return 'AskAiEditing' as const;
  }

  static override get isOfficialPlugin(): false {
    return false;
  }

  #held: Held | null = null;

  constructor(editor: Editor) {
    super(editor);
    editor.config.define('askAi', {});
  }

  init() {
    const { editor } = this;
    preloadAnswerDom();
    editor.commands.add('askAiInsert', new AskAiApplyCommand(editor, 'insert'));
    editor.commands.add('askAiReplace', new AskAiApplyCommand(editor, 'replace'));
    editor.conversion.for('editingDowncast').markerToHighlight({
      model: 'askAi',
      view: { classes: 'ask-ai-held-selection' },
    });
    this.#registerGeneratedAttribute();
  }

  /** Holds the current selection (a marker, highlighted) and returns it as the dialog sends it; `null` without one. */
  hold(): HeldSelection | null {
    const { editor } = this;
    const { model } = editor;
    const selection = model.document.selection;
    const ranges = [...selection.getRanges()];
    const first = ranges[0];
    const last = ranges[ranges.length - 1];
    if (!first || !last) return null;
    const range = model.createRange(first.start, last.end);
    const selected = model.getSelectedContent(selection);
    model.change((writer) => {
      if (model.markers.has(MARKER)) writer.updateMarker(MARKER, { range });
      else writer.addMarker(MARKER, { range, usingOperation: false, affectsData: false });
    });
    this.#held = { collapsed: range.isCollapsed, data: editor.data.stringify(selected) };
    const root = model.document.getRoot();
    return {
      text: range.isCollapsed ? '' : modelToText(selected),
      markdown: range.isCollapsed ? '' : modelToMarkdown(selected),
      document: root ? modelToText(root) : '',
    };
  }

  /** Lets the held selection go: no marker, no highlight. */
  release() {
    this.#held = null;
    const { model } = this.editor;
    if (model.markers.has(MARKER)) model.change((writer) => writer.removeMarker(MARKER));
  }

  /** Whether an answer can go in as `as` now: a refusal when read-only, or the held selection changed or is gone. */
  verify(as: 'insert' | 'replace'): ApplyRefusal | null {
    const { model } = this.editor;
    const command = this.editor.commands.get(as === 'insert' ? 'askAiInsert' : 'askAiReplace');
    if (this.editor.isReadOnly || command?.isEnabled === false) return { refused: 'readOnly' };
    if (as === 'insert') return null;
    const marker = model.markers.get(MARKER);
    const held = this.#held;
    if (!marker || !held || held.collapsed) return { refused: 'selectionRemoved' };
    const range = marker.getRange();
    if (range.isCollapsed || range.root.rootName === '$graveyard') return { refused: 'selectionRemoved' };
    const now = this.editor.data.stringify(model.getSelectedContent(model.createSelection(range)));
    return now === held.data ? null : { refused: 'selectionChanged' };
  }

  /** Puts the answer in as one model change (one undo step); a refusal when that cannot be done safely. */
  apply(as: 'insert' | 'replace', { answer, mark }: AskAiApplyOptions): ApplyRefusal | null {
    const refusal = this.verify(as);
    if (refusal) return refusal;
    const { model } = this.editor;
    const marker = model.markers.get(MARKER);
    const markGenerated = Boolean(this.editor.config.get('askAi')?.markGenerated);
    let applied = false;
    model.change((writer) => {
      const fragment = this.#answerModel(answer);
      if (markGenerated) {
        const texts = [...writer.createRangeIn(fragment).getItems()].filter((item) => item.is('$textProxy'));
        for (const text of texts) writer.setAttribute(GENERATED, mark ?? 'true', text);
      }
      // A held range whose content was removed lives on in the graveyard: then the editor's own selection.
      const heldRange = marker?.getRange();
      const range =
        heldRange && heldRange.root.rootName !== '$graveyard' ? heldRange : model.document.selection.getFirstRange();
      if (!range) return;
      const target = as === 'replace' ? writer.createSelection(range) : insertionPoint(model, range);
      // A host's listener may stop `insertContent` (then there is no range): nothing went in.
      const inserted = model.insertContent(fragment, target) as ModelRange | undefined;
      if (!inserted) return;
      // The answer selected: when the focus comes back the editor sees what went in.
      writer.setSelection(inserted);
      // Read back: the schema (or a plugin) may have taken nothing of it.
      applied = !inserted.isCollapsed || fragment.isEmpty;
    });
    return applied ? null : { refused: 'other' };
  }

  /**
   * The held image, when the held selection is one image (the Image plugin's `imageBlock` or
   * `imageInline`): what an alt text is written for.
   */
  heldImage(): ModelElement | null {
    const marker = this.editor.model.markers.get(MARKER);
    const element = marker?.getRange().getContainedElement();
    return element && element.name.startsWith('image') && element.root.rootName !== '$graveyard' ? element : null;
  }

  /**
   * Sets the held image's alternative text through the Image plugin's own `imageTextAlternative` (one undo
   * step), the image selected; a refusal when the image is gone or the editor cannot take it.
   */
  applyAltText(text: string): ApplyRefusal | null {
    const { editor } = this;
    const image = this.heldImage();
    const command = editor.commands.get('imageTextAlternative');
    if (editor.isReadOnly) return { refused: 'readOnly' };
    if (!image) return { refused: 'selectionRemoved' };
    if (!command) return { refused: 'other' };
    const value = text.replace(/\s+/g, ' ').trim();
    editor.model.change((writer) => {
      writer.setSelection(image, 'on');
      editor.execute('imageTextAlternative', { newValue: value });
    });
    return image.getAttribute('alt') === value ? null : { refused: 'other' };
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
    const dom = answerDom(answer, doc);
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

  #registerGeneratedAttribute() {
    const mark = this.editor.config.get('askAi')?.markGenerated;
    if (!mark) return;
    const viewAttribute = (typeof mark === 'object' && mark.viewAttribute) || 'data-ai-generated';
    const { editor } = this;
    editor.model.schema.extend('$text', { allowAttributes: GENERATED });
    editor.model.schema.setAttributeProperties(GENERATED, { isFormatting: false, copyOnEnter: false });
    // The mark says who wrote the text: what the editor types beside it or inside it is theirs, so the
    // selection never carries it (CKEditor's selection would otherwise take it from the text before the caret).
    const selection = editor.model.document.selection;
    const unmark = () => {
      if (selection.hasAttribute(GENERATED)) {
        editor.model.enqueueChange({ isUndoable: false }, (writer) => writer.removeSelectionAttribute(GENERATED));
      }
    };
    this.listenTo(selection, 'change:attribute', unmark);
    this.listenTo(selection, 'change:range', unmark);
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
