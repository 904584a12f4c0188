import { Extension, type Editor } from '@tiptap/core';
import { DOMParser as SchemaParser, type Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { TaskAnswer } from '../client';
import { answerDom, preloadAnswerDom, squeezed } from '../editors/answer-dom';
import { attachEditor, type AttachedEditor, type EditorAdapter } from '../editors/editor-adapter';
import type { ApplyEvent, AskAiDialogProps } from '../react';
import { adoptStyleSheet } from '../widget/adopt-styles';
import { mount as mountDialog, type MountedDialog } from '../widget/mount';

/** The held selection, shown while the dialog is open (in the editor's document, not the dialog's). */
const HELD_SELECTION_CSS =
  '.ProseMirror .ask-ai-held-selection { background-color: var(--ask-ai-held-selection, ' +
  'color-mix(in srgb, Highlight 30%, transparent)); box-shadow: 0 0 0 1px color-mix(in srgb, Highlight 60%, ' +
  'transparent); }';

/** `AskAi.configure({ … })`: the dialog's own options, where its host goes, and what to hear after an edit. */
export interface AskAiOptions extends Omit<
  AskAiDialogProps,
  'context' | 'open' | 'defaultOpen' | 'onInsert' | 'onReplace' | 'hideTrigger' | 'children'
> {
  /** What else goes with a task (the record); the selection and the document are read from the editor. */
  readonly context?: AskAiDialogProps['context'];
  /** Where the dialog's host element goes; default: right after the editor's element. */
  readonly container?: (() => HTMLElement) | undefined;
  /** Called once an answer is in the document (one transaction, read back). */
  readonly onApply?: ((event: ApplyEvent) => void) | undefined;
  /** Renders the dialog; default: the widget's `mount` (the host's React, in a shadow root). */
  readonly mount?: ((host: HTMLElement, props: AskAiDialogProps) => MountedDialog) | undefined;
}

interface AskAiStorage {
  attached: AttachedEditor<AskAiDialogProps> | null;
  removeSheet: (() => void) | null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    askAi: {
      /** Opens the Ask AI dialog on the selection (also Mod-j). */
      askAi: () => ReturnType;
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
          Decoration.inline(held.from, held.to, { class: 'ask-ai-held-selection', 'data-ask-ai-held': '' }),
        ]);
      },
    },
  });
}

const textOf = (state: EditorState, from: number, to: number) => state.doc.textBetween(from, to, '\n\n', ' ');

/** The answer as a slice of the editor's own schema: the dialog's parse as DOM, read by ProseMirror's parser. */
function answerSlice(editor: Editor, answer: TaskAnswer): Slice {
  const holder = editor.view.dom.ownerDocument.createElement('div');
  holder.append(answerDom(answer, holder.ownerDocument));
  return SchemaParser.fromSchema(editor.schema).parseSlice(holder);
}

export function tiptapAdapter(editor: Editor, extra: () => AskAiOptions['context']): EditorAdapter {
  return {
    element: editor.view.dom as HTMLElement,
    // A transaction needs no focus: the answer goes in while the dialog is still open.
    editsAfterClose: false,
    capture() {
      const { state } = editor;
      const { from, to } = state.selection;
      const text = from === to ? '' : textOf(state, from, to);
      editor.view.dispatch(state.tr.setMeta(HELD, { hold: { from, to, text } }));
      const held = () => HELD.getState(editor.state);
      return {
        selection: text,
        document: textOf(state, 0, state.doc.content.size),
        context: extra(),
        verify(as) {
          if (!editor.isEditable) return { refused: 'readOnly' };
          if (as === 'insert') return null;
          const now = held();
          if (!now || text === '' || now.from >= now.to) return { refused: 'selectionRemoved' };
          return textOf(editor.state, now.from, now.to) === text ? null : { refused: 'selectionChanged' };
        },
        apply(as, answer) {
          const now = held() ?? { from, to, text };
          const { state: current } = editor;
          const slice = answerSlice(editor, answer);
          let at = now.from;
          let end = now.to;
          if (as === 'insert') {
            // After the block that ends the selection, as new blocks.
            const $end = current.doc.resolve(now.to);
            at = end = $end.depth > 0 ? $end.after(1) : now.to;
          }
          // One transaction: one undo step.
          const tr = current.tr.replaceRange(at, end, slice).scrollIntoView();
          editor.view.dispatch(tr);
          // Read back: what the schema made of the answer stands where it went.
          const written = textOf(editor.state, at, tr.mapping.map(end, 1));
          const expected = slice.content.textBetween(0, slice.content.size, '\n\n', ' ');
          return squeezed(written).includes(squeezed(expected)) ? null : { refused: 'other' };
        },
        release() {
          if (HELD.getState(editor.state)) editor.view.dispatch(editor.state.tr.setMeta(HELD, { release: true }));
        },
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
    return { attached: null, removeSheet: null };
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
            storage.removeSheet = adoptStyleSheet(editor.view.dom.ownerDocument, HELD_SELECTION_CSS);
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
