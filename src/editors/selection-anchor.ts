import type { AnchorRect, SelectionAnchor } from './dialog-settings';

/**
 * Where `from`'s viewport sits in `to`'s: the offsets of the frames between them (each frame's own box and
 * border), or `null` where one of them cannot be read (another origin) or they are not related.
 */
function frameOffset(from: Window, to: Window): { x: number; y: number } | null {
  let x = 0;
  let y = 0;
  let view: Window = from;
  for (let depth = 0; view !== to; depth++) {
    let frame: Element | null = null;
    try {
      frame = view.frameElement;
    } catch {
      return null;
    }
    if (!frame || depth > 8) return null;
    const box = frame.getBoundingClientRect();
    x += box.left + frame.clientLeft;
    y += box.top + frame.clientTop;
    view = view.parent;
  }
  return { x, y };
}

/**
 * The held selection's place on screen as the dialog needs it: `rect` (in the editor's own viewport) moved
 * into the dialog's viewport — an editor in a frame (TYPO3's FormEngine) adds the frame's offset — and
 * watched where it can move: a scroll anywhere in either document, a resize of either window, a change
 * of the editor's own text.
 */
export function selectionAnchor(
  rect: () => AnchorRect | null,
  editorView: Window,
  dialogView: Window,
  editor?: Element,
): SelectionAnchor {
  const views = editorView === dialogView ? [editorView] : [editorView, dialogView];
  return {
    rect() {
      const own = rect();
      const offset = own && frameOffset(editorView, dialogView);
      if (!own || !offset) return null;
      return {
        top: own.top + offset.y,
        left: own.left + offset.x,
        right: own.right + offset.x,
        bottom: own.bottom + offset.y,
      };
    },
    watch(changed) {
      for (const view of views) {
        // A scroll of any scrolling box (the page, an editor's own) reaches the window in the capture phase.
        view.addEventListener('scroll', changed, { capture: true, passive: true });
        view.addEventListener('resize', changed);
      }
      // The editor's text changing under the dialog (a host's edit) moves the selection too.
      const Observer = (editorView as Window & { MutationObserver?: typeof MutationObserver }).MutationObserver;
      const mutations = editor && Observer ? new Observer(changed) : null;
      if (editor) mutations?.observe(editor, { subtree: true, childList: true, characterData: true });
      return () => {
        mutations?.disconnect();
        for (const view of views) {
          view.removeEventListener('scroll', changed, { capture: true });
          view.removeEventListener('resize', changed);
        }
      };
    },
  };
}

/** The smallest rectangle around a range's boxes (a selection over several lines), or `null` for none. */
export function rangeRect(range: Range): AnchorRect | null {
  const boxes = [...range.getClientRects()].filter((box) => box.width > 0 || box.height > 0);
  const all = boxes.length > 0 ? boxes : [range.getBoundingClientRect()];
  const top = Math.min(...all.map((b) => b.top));
  const bottom = Math.max(...all.map((b) => b.bottom));
  const left = Math.min(...all.map((b) => b.left));
  const right = Math.max(...all.map((b) => b.right));
  return bottom > top || right > left ? { top, left, right, bottom } : null;
}
