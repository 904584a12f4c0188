import type { RunContext, TaskAnswer, TaskAnswerMeta } from '../client';
import type { RunImage } from '../contract/run-request';
import type { AnswerHandler, ApplyEvent, ApplyRefusal } from './apply';
import type { AnchorRect, SelectionAnchor } from './dialog-settings';
import { selectionAnchor } from './selection-anchor';

/** Insert after the held selection, or Replace it. */
export type ApplyAs = 'insert' | 'replace';

/**
 * What an editor holds while the dialog is open, and how an answer goes back to that place. Every editor
 * integration goes through these four steps: capture (this object), verify, apply in one undo step and
 * read back, refuse with a reason.
 */
export interface EditorCapture {
  /** The held text, plain (`context.selection`); empty for a caret. */
  readonly selection: string;
  /** The held text as markdown, where the editor has structure (`context.selectionMarkdown`). */
  readonly selectionMarkdown?: string | undefined;
  /** The editor's whole text (`context.document`). */
  readonly document: string;
  /** What else the editor knows for the task (its content's language, …). */
  readonly context?: RunContext | undefined;
  /** `image` where the held selection is an image: the dialog then offers the image's tasks (alt text). */
  readonly subject?: 'image' | undefined;
  /** With `subject: 'image'`: the image as the backend finds it (its address on this site, its file). */
  readonly image?: RunImage | undefined;
  /**
   * Before anything is written: a refusal when the editor cannot take `answer` as `as` here — read-only,
   * past a length limit, or (for Replace) the held selection changed or gone.
   */
  verify(as: ApplyAs, answer: TaskAnswer): ApplyRefusal | null;
  /** Writes the answer as one undo step and reads the editor back: `null` once it is there, else a refusal. */
  apply(as: ApplyAs, answer: TaskAnswer, meta: TaskAnswerMeta): ApplyRefusal | null;
  /**
   * Where the held selection is on screen, in the editor's own viewport (the dialog sits beside it and
   * spares it from its backdrop); `null` when it cannot be told.
   */
  rect?(): AnchorRect | null;
  /**
   * The dialog closes and nothing went in: the held selection becomes the editor's selection again
   * (called before `release`, while the editor still holds it).
   */
  restore?(): void;
  /** Lets the held selection go (a marker, a highlight), when the dialog closes. */
  release?(): void;
  /**
   * After the dialog closed, however it closed: the focus back in the editor — on what was written (selected,
   * so the editor sees it and can go on from it), else on the held selection — so Ctrl+J opens it again.
   */
  focus?(): void;
}

/** One editor, as the dialog sees it. */
export interface EditorAdapter {
  /** The editor's element: the dialog's host goes right after it unless a container is given. */
  readonly element: HTMLElement;
  /**
   * Whether an edit needs the editor focused (the browser's own undoable editing commands): the page
   * behind a modal dialog is inert, so such an edit waits for the dialog to close.
   */
  readonly editsAfterClose: boolean;
  /** Holds the current selection. */
  capture(): EditorCapture;
  /** Stops watching the editor. */
  dispose(): void;
}

/** The dialog's props that `attachEditor` drives. */
export interface EditorDialogProps {
  readonly open?: boolean | undefined;
  readonly defaultOpen?: boolean | undefined;
  readonly closeOnApply?: boolean | undefined;
  readonly context?: RunContext | undefined;
  /** What the editor works on; an image held in the editor makes it `image` while the dialog is open. */
  readonly subject?: 'text' | 'image' | undefined;
  /** The held image (with `subject: 'image'`). */
  readonly image?: RunImage | undefined;
  /** Where the held selection is on screen: the dialog sits beside it. */
  readonly anchor?: SelectionAnchor | undefined;
  readonly onOpenChange?: ((open: boolean) => void) | undefined;
  readonly onInsert?: AnswerHandler | undefined;
  readonly onReplace?: AnswerHandler | undefined;
}

/** A dialog rendered into a host element (the standalone widget's `mount`, or a host's own React). */
export interface EditorDialog<P> {
  update(props: Partial<P>): void;
  unmount(): void;
}

export interface AttachEditorOptions<P extends EditorDialogProps> {
  /** Renders the dialog into its host element. */
  readonly mount: (host: HTMLElement, props: P) => EditorDialog<P>;
  /** The dialog's own props; `context` is merged with what the editor holds. */
  readonly props: P;
  /** Where the dialog's host element goes; default: right after the editor's element. */
  readonly container?: HTMLElement | undefined;
  /** Called once an answer is in the editor, read back (not before). */
  readonly onApply?: ((event: ApplyEvent) => void) | undefined;
  /** The host element's `data-ask-ai-part` (default `editor-adapter`). */
  readonly part?: string | undefined;
}

export interface AttachedEditor<P> {
  /** Opens the dialog on the editor's current selection. */
  open(): void;
  /** Closes the dialog; the held selection is let go. */
  close(): void;
  /** Changes the dialog's props (merged into the current ones). */
  update(props: Partial<P>): void;
  /** Removes the dialog and its host element, and stops watching the editor. */
  detach(): void;
}

/**
 * Wires any editor to the dialog: the selection is captured when the dialog opens and goes with the task;
 * Insert and Replace are verified, written as one undo step, read back, and only then reported (the
 * dialog's "Inserted", `onApply`); otherwise the dialog keeps the answer and says why.
 */
export function attachEditor<P extends EditorDialogProps>(
  adapter: EditorAdapter,
  options: AttachEditorOptions<P>,
): AttachedEditor<P> {
  const doc = adapter.element.ownerDocument;
  const host = doc.createElement('span');
  host.setAttribute('data-ask-ai-part', options.part ?? 'editor-adapter');
  if (options.container) options.container.append(host);
  else adapter.element.after(host);
  let props = options.props;
  let capture: EditorCapture | null = null;
  /** The held selection's place on screen, for the dialog to sit beside it (one per capture). */
  let anchor: SelectionAnchor | undefined;
  let open = props.open ?? props.defaultOpen ?? false;
  const editorView = adapter.element.ownerDocument.defaultView;
  const hold = () => {
    const taken = adapter.capture();
    capture = taken;
    const hostView = host.ownerDocument.defaultView;
    anchor =
      taken.rect && editorView && hostView
        ? selectionAnchor(() => taken.rect?.() ?? null, editorView, hostView, adapter.element)
        : undefined;
  };

  // The edit that waits for the dialog to close (see `editsAfterClose`).
  let pending: (() => void) | null = null;
  /** What went in last, while the dialog is still to close: the focus goes back to it then. */
  let written: EditorCapture | null = null;
  /** The selection held by a dialog that closed with nothing written: the focus goes back to it. */
  let returning: EditorCapture | null = null;
  const flush = () => {
    const edit = pending;
    pending = null;
    edit?.();
    // After the dialog gave the focus back to where it came from (its own close): into the editor — on the
    // answer, or on the selection it held — so the editor types on, and Ctrl+J opens the dialog again.
    const target = written ?? returning;
    written = null;
    returning = null;
    if (target && !open) target.focus?.();
  };

  const release = () => {
    capture?.release?.();
  };
  /** The dialog closes (Esc, ×, the backdrop, the host): without an answer written, the selection goes back. */
  const closing = () => {
    if (!written && !pending && capture) {
      capture.restore?.();
      returning = capture;
    }
    release();
  };
  const setOpen = (next: boolean) => {
    open = next;
    dialog.update(bound());
  };

  const handler =
    (as: ApplyAs): AnswerHandler =>
    (answer, meta) => {
      const taken = capture;
      const refusal = taken ? taken.verify(as, answer) : { refused: 'selectionRemoved' as const };
      if (refusal || !taken) return refusal ?? undefined;
      const finish = (): ApplyRefusal | undefined => {
        // Verified again: the editor may have changed in the moment the dialog took to close.
        const late = taken.verify(as, answer) ?? taken.apply(as, answer, meta);
        if (late) return late;
        written = taken;
        options.onApply?.({ as, answer, meta });
        return undefined;
      };
      if (!adapter.editsAfterClose || props.closeOnApply === false || !open) return finish();
      // The dialog hears how it went once the edit is done and read back; on a refusal it opens again.
      return new Promise<ApplyRefusal | undefined>((settle) => {
        pending = () => {
          const late = finish();
          if (late && !open) setOpen(true);
          settle(late);
        };
        setOpen(false);
      });
    };

  const bound = (): P => ({
    ...props,
    open,
    subject: capture?.subject ?? props.subject,
    image: capture?.image ?? props.image,
    anchor: anchor ?? props.anchor,
    context: {
      ...props.context,
      ...(capture?.context ?? {}),
      ...(capture?.selection ? { selection: capture.selection } : {}),
      ...(capture?.selection && capture.selectionMarkdown ? { selectionMarkdown: capture.selectionMarkdown } : {}),
      ...(capture && capture.document !== '' ? { document: capture.document } : {}),
    },
    onOpenChange: (next: boolean) => {
      if (next && !open) hold();
      if (!next) closing();
      open = next;
      dialog.update(bound());
      props.onOpenChange?.(next);
    },
    onInsert: handler('insert'),
    onReplace: handler('replace'),
  });

  if (open) hold();
  const dialog = options.mount(host, bound());
  // `close` does not bubble, nor leave a shadow root: heard in the capture phase where the dialog lives.
  (host.shadowRoot ?? host).addEventListener('close', flush, true);

  return {
    open() {
      hold();
      setOpen(true);
    },
    close() {
      if (open) closing();
      else release();
      setOpen(false);
    },
    update(next) {
      props = { ...props, ...next };
      dialog.update(bound());
    },
    detach() {
      release();
      dialog.unmount();
      host.remove();
      adapter.dispose();
    },
  };
}
