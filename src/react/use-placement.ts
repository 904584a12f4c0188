import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { SelectionAnchor } from '../editors/dialog-settings';
import { placeDialog, spareSelection, type Placement } from './placement';

const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** The inline styles a placement sets on the dialog: all of them go when it takes its usual place again. */
const PLACED = ['top', 'bottom', 'left', 'right', 'width', 'max-width', 'max-height', 'margin'] as const;

function applyPlacement(dialog: HTMLElement, placement: Placement) {
  for (const property of PLACED) dialog.style.removeProperty(property);
  dialog.style.removeProperty('--ask-ai-room');
  if (placement.mode !== 'beside') {
    dialog.removeAttribute('data-placement');
    return;
  }
  const px = (n: number) => `${Math.round(n)}px`;
  dialog.setAttribute('data-placement', placement.side);
  dialog.style.setProperty('margin', '0');
  dialog.style.setProperty('left', px(placement.left));
  dialog.style.setProperty('right', 'auto');
  dialog.style.setProperty('width', px(placement.width));
  dialog.style.setProperty('max-width', px(placement.width));
  dialog.style.setProperty('max-height', px(placement.maxHeight));
  dialog.style.setProperty('--ask-ai-room', px(placement.maxHeight));
  if (placement.top !== undefined) {
    dialog.style.setProperty('top', px(placement.top));
    dialog.style.setProperty('bottom', 'auto');
  } else {
    dialog.style.setProperty('top', 'auto');
    dialog.style.setProperty('bottom', px(placement.bottom ?? 0));
  }
}

/**
 * Keeps the open dialog beside the held selection (`anchor`), never over it — to its right or left, below or
 * above it, as `placeDialog` finds room — and follows it as the page scrolls or the window resizes; the
 * backdrop spares the selection, so the text the dialog is about stays legible. Returns whether the dialog
 * sits beside it: where it does not (no room, no anchor), the dialog quotes the selection instead.
 */
export function useDialogPlacement(
  dialogRef: RefObject<HTMLDialogElement | null>,
  open: boolean,
  anchor: SelectionAnchor | undefined,
): boolean {
  const [beside, setBeside] = useState(false);
  useCommitEffect(() => {
    const dialog = dialogRef.current;
    const view = dialog?.ownerDocument.defaultView;
    if (!open || !dialog || !anchor || !view) {
      setBeside(false);
      return;
    }
    const root = dialog.ownerDocument.documentElement;
    let frame = 0;
    let width: number | null = null;
    const place = () => {
      frame = 0;
      if (!dialog.open) return;
      const rect = anchor.rect();
      // Its own width, as its styles make it where it takes its usual place (where the last placement's
      // clean-up left it): measured once per open.
      if (width === null) width = dialog.offsetWidth;
      const placement = placeDialog({
        anchor: rect,
        viewport: { width: root.clientWidth, height: root.clientHeight },
        width,
      });
      applyPlacement(dialog, placement);
      // A selection is spared from the backdrop; a caret (nothing selected) is not, nor placed beside.
      if (rect && rect.right > rect.left && rect.bottom > rect.top) {
        dialog.style.setProperty('--ask-ai-spare', spareSelection(rect));
      } else dialog.style.removeProperty('--ask-ai-spare');
      setBeside(placement.mode === 'beside');
    };
    const schedule = () => {
      frame ||= view.requestAnimationFrame(place);
    };
    place();
    const stop = anchor.watch(schedule);
    view.addEventListener('resize', schedule);
    return () => {
      stop();
      view.removeEventListener('resize', schedule);
      if (frame) view.cancelAnimationFrame(frame);
      applyPlacement(dialog, { mode: 'free' });
      dialog.style.removeProperty('--ask-ai-spare');
    };
  }, [dialogRef, open, anchor]);
  return beside;
}

/**
 * While a task runs the dialog holds a steady height — a moderate one it takes when the run starts (30rem,
 * within its room), or the height it had, whichever is taller, growing further only if the answer needs —
 * so the answer streams into a place that does not move under the pointer, and Stop stays where it is. Once
 * the run has ended the dialog fits its content again: no empty band under a short answer.
 */
export function useSteadyWhileRunning(dialogRef: RefObject<HTMLDialogElement | null>, active: boolean) {
  useCommitEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !active) return;
    dialog.setAttribute('data-steady', '');
    const view = dialog.ownerDocument.defaultView;
    let tallest = 0;
    const hold = () => {
      const height = dialog.getBoundingClientRect().height;
      if (height <= tallest) return;
      tallest = height;
      // Through the stylesheet, which caps it by the room the dialog has (a min-height would beat max-height).
      dialog.style.setProperty('--ask-ai-grown', `${height}px`);
    };
    hold();
    const observer = view && typeof view.ResizeObserver === 'function' ? new view.ResizeObserver(hold) : null;
    observer?.observe(dialog);
    return () => {
      observer?.disconnect();
      dialog.removeAttribute('data-steady');
      dialog.style.removeProperty('--ask-ai-grown');
    };
  }, [dialogRef, active]);
}
