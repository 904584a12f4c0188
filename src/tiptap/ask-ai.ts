import { Extension, type Editor } from '@tiptap/core';
import { DOMParser as SchemaParser, type Node as PmNode, type Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { rangeRect } from '../editors/selection-anchor';
import type { TaskAnswer } from '../client';
import { answerDom, preloadAnswerDom, squeezed } from '../editors/answer-dom';
import { attachEditor, type AttachedEditor, type EditorAdapter } from '../editors/editor-adapter';
import type { ApplyRefusal } from '../editors/apply';
import { HELD_SELECTION_CLASS, heldSelectionCss } from '../editors/held-selection';
import type { AskAiDialogProps } from '../react';
import { adoptStyleSheet } from '../widget/adopt-styles';
import type { AskAiEditorOptions } from '../editors/editor-options';
import { mount as mountDialog } from '../widget/mount';

/**
 * `AskAi.configure({ … })`: every editor front end's options (`AskAiEditorOptions`; the dialog renders on
 * the host's React through `ask-ai-dialog/widget`'s `mount` unless `mount` says otherwise), and where the
 * dialog's host element goes.
 */
export interface AskAiOptions extends AskAiEditorOptions {
  /** Where the dialog's host element goes; default: right after the editor's element. */
  readonly container?: (() => HTMLElement) | undefined;
}

/** What `askAiInsert` and `askAiReplace` take: the answer, and who hears a refusal. */
export interface AskAiApplyOptions {
  readonly answer: TaskAnswer;
  /** Why the answer did not go in (the shape CKEditor's `askAiInsert` / `askAiReplace` return). */
  readonly onRefused?: ((refusal: ApplyRefusal) => void) | undefined;
}

/** `editor.storage.askAi`. */
export interface AskAiStorage {
  attached: AttachedEditor<AskAiDialogProps> | null;
  removeSheet: (() => void) | null;
  /** The last `askAiInsert` / `askAiReplace`: `null` when the answer went in, else why not. */
  refusal: ApplyRefusal | null;
  /** Where the last answer went and its text, for a read-back once the transaction is dispatched. */
  written: Written | null;
}

/** Where an answer went in a transaction, and its text as the schema kept it. */
interface Written {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

declare module '@tiptap/core' {
  interface Storage {
    askAi: AskAiStorage;
  }
  interface Commands<ReturnType> {
    askAi: {
      /** Opens the Ask AI dialog on the selection (also Mod-j). */
      askAi: () => ReturnType;
      /**
       * Puts an answer in after the block that ends the held selection (or the current one), as one
       * transaction; false, with the refusal, when the editor cannot take it.
       */
      askAiInsert: (options: AskAiApplyOptions) => ReturnType;
      /** Replaces the held selection with an answer; false, with the refusal, when it changed or is gone. */
      askAiReplace: (options: AskAiApplyOptions) => ReturnType;
    };
  }
}

/** The held selection: a decoration while the dialog is open, its range mapped through every change. */
interface Held {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}
const HELD = new PluginKey<Held | null>('askAiHeld');

function heldPlugin(): Plugin<Held | null> {
  return new Plugin<Held | null>({
    key: HELD,
    state: {
      init: () => null,
      apply(tr, held) {
        const meta = tr.getMeta(HELD) as { hold: Held } | { release: true } | undefined;
        if (meta && 'hold' in meta) return meta.hold;
        if (meta && 'release' in meta) return null;
        if (!held || !tr.docChanged) return held;
        return { ...held, from: tr.mapping.map(held.from, 1), to: tr.mapping.map(held.to, -1) };
      },
    },
    props: {
      decorations(state) {
        const held = HELD.getState(state);
        if (!held || held.from >= held.to) return null;
        return DecorationSet.create(state.doc, [
          Decoration.inline(held.from, held.to, { class: HELD_SELECTION_CLASS, 'data-ask-ai-held': '' }),
        ]);
      },
    },
  });
}

const textOf = (doc: PmNode, from: number, to: number) => doc.textBetween(from, to, '\n\n', ' ');

/** The answer as a slice of the editor's own schema: the dialog's parse as DOM, read by ProseMirror's parser. */
function answerSlice(editor: Editor, answer: TaskAnswer): Slice {
  const holder = editor.view.dom.ownerDocument.createElement('div');
  holder.append(answerDom(answer, holder.ownerDocument));
  return SchemaParser.fromSchema(editor.schema).parseSlice(holder);
}

/** The held range as it stands in `tr` (mapped through the steps a chain made before), or null. */
function heldIn(state: EditorState, tr: Transaction): Held | null {
  const held = HELD.getState(state);
  return held ? { ...held, from: tr.mapping.map(held.from, 1), to: tr.mapping.map(held.to, -1) } : null;
}

/** Whether an answer can go in as `as`: read-only, or (Replace) the held selection changed or gone. */
function verifyHeld(editor: Editor, tr: Transaction, as: 'insert' | 'replace'): ApplyRefusal | null {
  if (!editor.isEditable) return { refused: 'readOnly' };
  if (as === 'insert') return null;
  const held = heldIn(editor.state, tr);
  if (!held || held.text === '' || held.from >= held.to) return { refused: 'selectionRemoved' };
  return textOf(tr.doc, held.from, held.to) === held.text ? null : { refused: 'selectionChanged' };
}

/**
 * Writes the answer into `tr` — Insert after the block that ends the held selection (or the current one),
 * Replace in place of it — and reads it back: `null` once the schema kept it, else why not.
 */
function applyAnswer(
  editor: Editor,
  tr: Transaction,
  as: 'insert' | 'replace',
  answer: TaskAnswer,
): ApplyRefusal | Written {
  const refusal = verifyHeld(editor, tr, as);
  if (refusal) return refusal;
  const held = heldIn(editor.state, tr) ?? { from: tr.selection.from, to: tr.selection.to };
  const slice = answerSlice(editor, answer);
  let at = held.from;
  let end = held.to;
  if (as === 'insert') {
    // After the block that ends the selection, as new blocks.
    const $end = tr.doc.resolve(held.to);
    at = end = $end.depth > 0 ? $end.after(1) : held.to;
  }
  const before = tr.mapping.maps.length;
  tr.replaceRange(at, end, slice).scrollIntoView();
  // Read back: what the schema made of the answer stands where it went.
  const to = tr.mapping.slice(before).map(end, 1);
  const written = textOf(tr.doc, at, to);
  const expected = slice.content.textBetween(0, slice.content.size, '\n\n', ' ');
  return squeezed(written).includes(squeezed(expected)) ? { from: at, to, text: expected } : { refused: 'other' };
}

/** Whether the editor's document holds what was written there (a host may have dropped the transaction). */
function holds(editor: Editor, written: Written | null): boolean {
  if (!written) return false;
  const size = editor.state.doc.content.size;
  const text = textOf(editor.state.doc, Math.min(written.from, size), Math.min(written.to, size));
  return squeezed(text).includes(squeezed(written.text));
}

/**
 * The focus back in the editor, on the selection its state holds. The dialog took the DOM selection with the
 * focus, and ProseMirror writes its own back only when its state's changes: so it is put there here.
 */
function focusOnSelection(editor: Editor) {
  const { view, state } = editor;
  view.focus();
  try {
    const start = view.domAtPos(state.selection.from);
    const end = view.domAtPos(state.selection.to);
    view.dom.ownerDocument.getSelection()?.setBaseAndExtent(start.node, start.offset, end.node, end.offset);
  } catch {
    // A position the view has not rendered: the focus alone.
  }
}

/** Where the held range is on screen, in the editor's viewport. */
function heldRect(editor: Editor) {
  const held = HELD.getState(editor.state);
  if (!held) return null;
  try {
    const { view } = editor;
    const size = editor.state.doc.content.size;
    const start = view.domAtPos(Math.min(held.from, size));
    const end = view.domAtPos(Math.min(held.to, size));
    const range = view.dom.ownerDocument.createRange();
    range.setStart(start.node, start.offset);
    range.setEnd(end.node, end.offset);
    return rangeRect(range);
  } catch {
    return null;
  }
}

export function tiptapAdapter(editor: Editor, extra: () => AskAiOptions['context']): EditorAdapter {
  return {
    element: editor.view.dom as HTMLElement,
    // A transaction needs no focus: the answer goes in while the dialog is still open.
    editsAfterClose: false,
    capture() {
      const { state } = editor;
      const { from, to } = state.selection;
      const text = from === to ? '' : textOf(state.doc, from, to);
      editor.view.dispatch(state.tr.setMeta(HELD, { hold: { from, to, text } }));
      return {
        selection: text,
        document: textOf(state.doc, 0, state.doc.content.size),
        context: extra(),
        verify: (as) => verifyHeld(editor, editor.state.tr, as),
        apply(as, answer) {
          // Through the commands, as a host's own UI would: one transaction, one undo step.
          let refusal: ApplyRefusal | null = { refused: 'other' };
          const options = { answer, onRefused: (why: ApplyRefusal) => (refusal = why) };
          const done = as === 'insert' ? editor.commands.askAiInsert(options) : editor.commands.askAiReplace(options);
          if (!done) return refusal;
          // Read back once dispatched: the answer stands where it went.
          return holds(editor, editor.storage.askAi.written) ? null : { refused: 'other' };
        },
        rect: () => heldRect(editor),
        // Nothing went in: the held range (mapped through any change) is the editor's selection again.
        restore() {
          const held = HELD.getState(editor.state);
          if (held) editor.commands.setTextSelection({ from: held.from, to: held.to });
        },
        release() {
          if (HELD.getState(editor.state)) editor.view.dispatch(editor.state.tr.setMeta(HELD, { release: true }));
        },
        // The focus back in the editor, on its selection (the answer written, or the held range).
        focus: () => focusOnSelection(editor),
      };
    },
    dispose() {},
  };
}

/**
 * Ask AI for Tiptap 3: `editor.commands.askAi()` and Mod-j open the dialog on the selection, which stays
 * shown as a decoration while the dialog is open; Insert and Replace selection each go in as one
 * transaction (one undo step), the answer's markdown read through the editor's own schema; Replace is
 * refused, saying why, when the held text changed.
 */
export const AskAi = Extension.create<AskAiOptions, AskAiStorage>({
  name: 'askAi',

  addOptions() {
    return { endpoints: undefined } as unknown as AskAiOptions;
  },

  addStorage() {
    return { attached: null, removeSheet: null, refusal: null, written: null };
  },

  onCreate() {
    preloadAnswerDom();
  },

  addCommands() {
    return {
      askAi:
        () =>
        ({ editor }) => {
          const storage = this.storage;
          if (!storage.attached) {
            storage.removeSheet = adoptStyleSheet(editor.view.dom.ownerDocument, heldSelectionCss('.ProseMirror'));
            const { container, onApply, mount, context: _context, ...props } = this.options;
            storage.attached = attachEditor<AskAiDialogProps>(
              tiptapAdapter(editor, () => this.options.context),
              {
                mount: mount ?? mountDialog,
                props: { ...props, hideTrigger: true, open: false } as AskAiDialogProps,
                container: container?.(),
                onApply,
                part: 'tiptap',
              },
            );
          }
          storage.attached.open();
          return true;
        },
      askAiInsert: (options) => (props) => applyCommand(this.storage, 'insert', options, props),
      askAiReplace: (options) => (props) => applyCommand(this.storage, 'replace', options, props),
    };
  },

  addKeyboardShortcuts() {
    return { 'Mod-j': () => this.editor.commands.askAi() };
  },

  addProseMirrorPlugins() {
    return [heldPlugin()];
  },

  onDestroy() {
    this.storage.attached?.detach();
    this.storage.attached = null;
    this.storage.removeSheet?.();
    this.storage.removeSheet = null;
  },
});

/**
 * `askAiInsert` / `askAiReplace`: the answer into the command's transaction (chainable; `can()` only
 * verifies). On a refusal the command is false and `onRefused` hears why.
 */
function applyCommand(
  storage: AskAiStorage,
  as: 'insert' | 'replace',
  { answer, onRefused }: AskAiApplyOptions,
  { editor, tr, dispatch }: { editor: Editor; tr: Transaction; dispatch?: ((tr: Transaction) => void) | undefined },
): boolean {
  if (!dispatch) return verifyHeld(editor, tr, as) === null;
  // A refusal before anything is written (read-only, the held text changed or gone); a read-back that
  // finds nothing of the answer is a refusal too, as in CKEditor's commands.
  const result = applyAnswer(editor, tr, as, answer);
  const refusal = 'refused' in result ? result : null;
  storage.written = 'refused' in result ? null : result;
  storage.refusal = refusal;
  if (refusal) onRefused?.(refusal);
  return refusal === null;
}
