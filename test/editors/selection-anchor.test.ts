// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rangeRect, selectionAnchor } from '../../src/editors/selection-anchor';

/**
 * The held selection as the dialog places itself by it: the dialog is told of every scroll and resize in
 * either window (an editor in a frame, as TYPO3's FormEngine) and of each change of the editor's text. The
 * frames' boxes are given here (jsdom lays nothing out); Chromium's tests and the real TYPO3's measure them.
 */
afterEach(() => {
  document.body.replaceChildren();
});

function framedEditor() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const view = frame.contentWindow!;
  const editor = view.document.createElement('div');
  view.document.body.append(editor);
  return { view, editor };
}

describe('the held selection’s anchor', () => {
  it('is the editor’s rectangle where the editor and the dialog share a window; none without one', () => {
    const rect = { top: 1, left: 2, right: 3, bottom: 4 };
    expect(selectionAnchor(() => rect, window, window).rect()).toEqual(rect);
    expect(selectionAnchor(() => null, window, window).rect()).toBeNull();
  });

  it('tells of a scroll or resize in either window and of each change of the editor’s text till stopped', async () => {
    const { view, editor } = framedEditor();
    const changed = vi.fn();
    const stop = selectionAnchor(() => null, view, window, editor).watch(changed);

    window.dispatchEvent(new Event('scroll'));
    document.body.dispatchEvent(new Event('scroll'));
    view.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('resize'));
    view.dispatchEvent(new Event('resize'));
    expect(changed).toHaveBeenCalledTimes(5);
    editor.textContent = 'A word more.';
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(6));
    // A change deep inside (a word typed in a paragraph) counts as well.
    const paragraph = view.document.createElement('p');
    paragraph.textContent = 'Deep.';
    editor.replaceChildren(paragraph);
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(7));
    paragraph.firstChild!.nodeValue = 'Deeper.';
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(8));

    stop();
    window.dispatchEvent(new Event('scroll'));
    view.dispatchEvent(new Event('resize'));
    editor.textContent = 'And another.';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(changed).toHaveBeenCalledTimes(8);
  });

  it('moves an editor’s rectangle by each frame between it and the dialog, box and border', () => {
    const outer = document.createElement('iframe');
    document.body.append(outer);
    const inner = outer.contentDocument!.createElement('iframe');
    outer.contentDocument!.body.append(inner);
    placeFrame(outer, { left: 100, top: 50 }, { x: 2, y: 3 });
    placeFrame(inner, { left: 10, top: 20 }, { x: 1, y: 1 });
    const rect = { top: 5, left: 6, right: 60, bottom: 25 };
    // The page's window as its frames see it (the test's `window` global is another wrapper of it).
    const page = outer.contentWindow!.parent;

    expect(selectionAnchor(() => rect, outer.contentWindow!, page).rect()).toEqual({
      top: 58,
      left: 108,
      right: 162,
      bottom: 78,
    });
    expect(selectionAnchor(() => rect, inner.contentWindow!, page).rect()).toEqual({
      top: 79,
      left: 119,
      right: 173,
      bottom: 99,
    });
  });

  it('is none where the editor’s window is not inside the dialog’s, or too deep inside it to be a page’s', () => {
    const [one, two] = [document.createElement('iframe'), document.createElement('iframe')];
    document.body.append(one, two);
    const rect = { top: 1, left: 2, right: 3, bottom: 4 };
    expect(selectionAnchor(() => rect, one.contentWindow!, two.contentWindow!).rect()).toBeNull();

    // Nine frames deep is still a page’s; ten are not.
    let deepest = window;
    const views: Window[] = [];
    for (let depth = 0; depth < 10; depth++) {
      const frame = deepest.document.createElement('iframe');
      deepest.document.body.append(frame);
      deepest = frame.contentWindow! as Window & typeof globalThis;
      views.push(deepest);
    }
    const page = views[0]!.parent;
    expect(selectionAnchor(() => rect, views[8]!, page).rect()).toEqual(rect);
    expect(selectionAnchor(() => rect, views[9]!, page).rect()).toBeNull();
  });
});

function placeFrame(frame: HTMLIFrameElement, box: { left: number; top: number }, border: { x: number; y: number }) {
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ ...box, right: 0, bottom: 0 } as DOMRect);
  vi.spyOn(frame, 'clientLeft', 'get').mockReturnValue(border.x);
  vi.spyOn(frame, 'clientTop', 'get').mockReturnValue(border.y);
}

/** A range whose boxes are given (jsdom lays nothing out). */
function rangeWith(boxes: Partial<DOMRect>[], bounding: Partial<DOMRect>) {
  const range = document.createRange();
  const box = (b: Partial<DOMRect>) =>
    ({ width: (b.right ?? 0) - (b.left ?? 0), height: (b.bottom ?? 0) - (b.top ?? 0), ...b }) as DOMRect;
  range.getClientRects = () => boxes.map(box) as unknown as DOMRectList;
  range.getBoundingClientRect = () => box(bounding);
  return range;
}

describe('a range’s rectangle', () => {
  it('is the smallest around its boxes over several lines, the empty boxes left out', () => {
    const lines = rangeWith(
      [
        { top: 10, left: 300, right: 500, bottom: 30 },
        { top: 0, left: 0, right: 0, bottom: 0 },
        { top: 30, left: 100, right: 250, bottom: 50 },
      ],
      { top: 0, left: 0, right: 900, bottom: 900 },
    );
    expect(rangeRect(lines)).toEqual({ top: 10, left: 100, right: 500, bottom: 50 });
  });

  it('is its one box where it has one, and its bounding box where it has none', () => {
    const one = rangeWith([{ top: 10, left: 20, right: 30, bottom: 40 }], { top: 0, left: 0, right: 99, bottom: 99 });
    expect(rangeRect(one)).toEqual({ top: 10, left: 20, right: 30, bottom: 40 });
    const none = rangeWith([], { top: 5, left: 6, right: 7, bottom: 8 });
    expect(rangeRect(none)).toEqual({ top: 5, left: 6, right: 7, bottom: 8 });
  });

  it('is a caret’s line (no width, a line’s height), and nothing for a range with no box at all', () => {
    const caret = rangeWith([{ top: 10, left: 20, right: 20, bottom: 28 }], { top: 0, left: 0, right: 0, bottom: 0 });
    expect(rangeRect(caret)).toEqual({ top: 10, left: 20, right: 20, bottom: 28 });
    expect(rangeRect(rangeWith([], { top: 10, left: 20, right: 20, bottom: 10 }))).toBeNull();
  });
});
