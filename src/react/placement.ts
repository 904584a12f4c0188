import type { AnchorRect } from '../editors/dialog-settings';

export interface PlacementInput {
  /** The held selection, in the dialog's viewport; `null` without one. */
  readonly anchor: AnchorRect | null;
  readonly viewport: { readonly width: number; readonly height: number };
  /** The dialog's own width where there is room for it (its `--ask-ai-width`). */
  readonly width: number;
}

/** Where the dialog goes: beside the selection, or (no room, no selection in view) where it always was. */
export type Placement =
  | {
      readonly mode: 'beside';
      readonly side: 'right' | 'left' | 'below' | 'above';
      readonly left: number;
      readonly width: number;
      /** The top edge, or (above the selection) the bottom edge: the one that stays put as the answer grows. */
      readonly top?: number;
      readonly bottom?: number;
      /** As tall as it may grow without reaching the selection or the viewport's edge. */
      readonly maxHeight: number;
    }
  | { readonly mode: 'free' };

/** Below this viewport width there is no room beside a selection (a phone, a narrow window): the dialog quotes it. */
export const PLACE_BESIDE_FROM = 900;
/** Space kept between the dialog and the selection, and between the dialog and the viewport's edges. */
export const GAP = 12;
export const MARGIN = 16;
/** The least a dialog beside the selection may be: narrower, its task list and answer would not read well. */
export const MIN_WIDTH = 320;
/** The least height below or above the selection: the prompt, a short answer and the action bar. */
export const MIN_HEIGHT = 260;
/** How tall a dialog beside the selection may grow before its body scrolls. */
export const MAX_HEIGHT = 480;

/**
 * Places the dialog so that it and the held selection never overlap, the way an editor's own balloon
 * sits beside the text it is about: to the right of the selection, else to its left, else below it, else
 * above it — the first side with room for it. Beside it, the top edge stays put while the answer grows (it
 * is placed where the tallest dialog still fits); above it, the bottom edge does, next to the text. Without
 * room anywhere (a narrow viewport, a selection that fills the screen or is scrolled away), `free`: the
 * dialog takes its usual place and quotes the selection instead.
 */
export function placeDialog({ anchor, viewport, width }: PlacementInput): Placement {
  const { width: W, height: H } = viewport;
  if (anchor === null || W < PLACE_BESIDE_FROM) return { mode: 'free' };
  // Only what is on screen counts: a selection scrolled out of view is not "beside" anything.
  const a = {
    top: Math.max(anchor.top, 0),
    left: Math.max(anchor.left, 0),
    right: Math.min(anchor.right, W),
    bottom: Math.min(anchor.bottom, H),
  };
  if (a.bottom <= a.top || a.right <= a.left) return { mode: 'free' };
  const full = Math.max(MIN_WIDTH, Math.min(width, W - 2 * MARGIN));
  const tallest = Math.min(MAX_HEIGHT, H - 2 * MARGIN);
  // Level with the selection's top, as high as the tallest dialog needs to fit below that.
  const topBeside = Math.min(Math.max(a.top, MARGIN), Math.max(MARGIN, H - MARGIN - tallest));

  // Each side's edge next to the selection, kept a margin inside the viewport.
  const rightStart = Math.max(a.right + GAP, MARGIN);
  const leftEnd = Math.min(a.left - GAP, W - MARGIN);
  const belowStart = Math.max(a.bottom + GAP, MARGIN);
  const aboveEnd = Math.min(a.top - GAP, H - MARGIN);

  const roomRight = W - MARGIN - rightStart;
  if (roomRight >= MIN_WIDTH) {
    const w = Math.min(full, roomRight);
    return {
      mode: 'beside',
      side: 'right',
      left: rightStart,
      width: w,
      top: topBeside,
      maxHeight: H - MARGIN - topBeside,
    };
  }
  const roomLeft = leftEnd - MARGIN;
  if (roomLeft >= MIN_WIDTH) {
    const w = Math.min(full, roomLeft);
    return {
      mode: 'beside',
      side: 'left',
      left: leftEnd - w,
      width: w,
      top: topBeside,
      maxHeight: H - MARGIN - topBeside,
    };
  }
  // Below or above: as wide as it is, starting where the selection starts, kept on screen.
  const left = Math.min(Math.max(a.left, MARGIN), W - MARGIN - full);
  const roomBelow = H - MARGIN - belowStart;
  const roomAbove = aboveEnd - MARGIN;
  if (roomBelow >= MIN_HEIGHT && roomBelow >= Math.min(roomAbove, tallest)) {
    return { mode: 'beside', side: 'below', left, width: full, top: belowStart, maxHeight: roomBelow };
  }
  if (roomAbove >= MIN_HEIGHT) {
    return { mode: 'beside', side: 'above', left, width: full, bottom: H - aboveEnd, maxHeight: roomAbove };
  }
  return { mode: 'free' };
}

/**
 * The backdrop with a window where the selection is (a little larger), so the text the dialog is about is
 * not dimmed: a `clip-path` for `::backdrop`, which takes it from the dialog's custom property.
 */
export function spareSelection(anchor: AnchorRect, pad = 4): string {
  const px = (n: number) => `${Math.round(n)}px`;
  const [t, l, r, b] = [anchor.top - pad, anchor.left - pad, anchor.right + pad, anchor.bottom + pad].map(px);
  return `polygon(evenodd, 0 0, 100% 0, 100% 100%, 0 100%, 0 0, ${l} ${t}, ${r} ${t}, ${r} ${b}, ${l} ${b}, ${l} ${t})`;
}
