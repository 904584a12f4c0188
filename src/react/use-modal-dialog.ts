import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A layout effect in the browser (it runs right after a commit, also under Preact, whose plain effects
 * wait for the next frame), a plain effect on a server (React 18 warns about a layout effect there).
 */
const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), ' +
  'select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The focused element, looked up through shadow roots (the widget renders in one). */
function deepActiveElement(root: Document | ShadowRoot): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      // Not inside a closed disclosure (Chromium gives its hidden content boxes), and shown — a summary
      // counts without layout (jsdom has none).
      !el.closest('details:not([open]) > :not(summary)') &&
      (el.getClientRects().length > 0 || el.tagName === 'SUMMARY'),
  );
}

export interface ModalDialogOptions {
  readonly open: boolean;
  /** Asked to close: Esc with nothing running, a click on the backdrop, or the browser closed the dialog. */
  readonly onRequestClose: () => void;
  /** Esc while this is true calls `onEscapeWhileBusy` instead of closing. */
  readonly busy: boolean;
  readonly onEscapeWhileBusy: () => void;
  /** Where focus goes on open. */
  readonly initialFocus: RefObject<HTMLElement | null>;
  /** Where focus returns on close (else the element focused before opening). */
  readonly returnFocus: RefObject<HTMLElement | null>;
}

/**
 * A native `<dialog>` opened with `showModal()` (focus moves in, the page behind is inert, it works
 * inside a shadow root), with the APG keyboard contract on top: Tab and Shift+Tab wrap inside, Esc
 * stops a running task before it closes, focus returns to the trigger. Esc is handled in `keydown`:
 * Chromium does not always let a dialog's `cancel` event be prevented.
 */
export function useModalDialog(dialogRef: RefObject<HTMLDialogElement | null>, options: ModalDialogOptions) {
  const latest = useRef(options);
  // Read by the key handler: current right after each commit, so a quick second Esc sees the new state.
  useCommitEffect(() => {
    latest.current = options;
  });
  const opener = useRef<Element | null>(null);
  /** Close events still to come from the dialog's own `close()` calls: not a request to close. */
  const ownCloses = useRef(0);

  // Right after the commit: the dialog is in the top layer before anything measures or places it.
  useCommitEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (options.open && !dialog.open) {
      opener.current = deepActiveElement(dialog.getRootNode() as Document | ShadowRoot);
      // jsdom has no showModal: the dialog then opens without the top layer.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      (latest.current.initialFocus.current ?? focusables(dialog)[0])?.focus();
    } else if (!options.open && dialog.open) {
      if (typeof dialog.close === 'function') {
        ownCloses.current++;
        dialog.close();
      } else dialog.removeAttribute('open');
      const target = latest.current.returnFocus.current ?? opener.current;
      // Not `instanceof HTMLElement`: the opener may live in another frame's realm (a dialog in the top frame).
      if (target && typeof (target as HTMLElement).focus === 'function' && target.isConnected) {
        (target as HTMLElement).focus();
      }
    }
  }, [dialogRef, options.open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // The browser may close a modal dialog on its own (a close watcher): keep the state in step.
    // The close event of the dialog's own close() arrives a task later, maybe after it opened again:
    // only a close the browser made on its own asks the state to follow.
    const onClose = () => {
      if (ownCloses.current > 0) ownCloses.current--;
      else if (latest.current.open && !dialog.open) latest.current.onRequestClose();
    };
    const onCancel = (event: Event) => event.preventDefault();
    // A click on the backdrop (it reaches the dialog element itself, outside its box) closes it, as × does —
    // only when the press began there too: a selection dragged out of the answer is no such click.
    const outside = (event: MouseEvent) => {
      if (event.target !== dialog) return false;
      const box = dialog.getBoundingClientRect();
      const { clientX: x, clientY: y } = event;
      return x < box.left || x > box.right || y < box.top || y > box.bottom;
    };
    let pressedOutside = false;
    const onPointerDown = (event: PointerEvent) => {
      pressedOutside = outside(event);
    };
    const onClick = (event: MouseEvent) => {
      if (pressedOutside && outside(event) && latest.current.open) latest.current.onRequestClose();
      pressedOutside = false;
    };
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
    };
  }, [dialogRef]);

  // Keys are read on the whole document while the dialog is open: focus may sit on the page's body
  // (a button that became disabled lets it go there), and Esc must still stop a run, not close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !options.open) return;
    const doc = dialog.ownerDocument;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        // A control with something of its own to undo takes the Esc first: the prompt with a task picked
        // or the whole task list open (`data-ask-ai-keeps-escape`), a menu.
        const keeps = (node: EventTarget) =>
          (node as Element).getAttribute?.('role') === 'menu' ||
          (node as Element).hasAttribute?.('data-ask-ai-keeps-escape');
        if (event.composedPath().some(keeps)) return;
        event.preventDefault();
        event.stopPropagation();
        if (latest.current.busy) latest.current.onEscapeWhileBusy();
        else latest.current.onRequestClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = deepActiveElement(dialog.getRootNode() as Document | ShadowRoot);
      const inside = active !== null && dialog.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    doc.addEventListener('keydown', onKeyDown, true);
    return () => doc.removeEventListener('keydown', onKeyDown, true);
  }, [dialogRef, options.open]);
}
