// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectionAnchor } from '../../src/editors/selection-anchor';

/**
 * The held selection as the dialog places itself by it: the dialog is told of every scroll and resize in
 * either window (an editor in a frame, as TYPO3's FormEngine) and of each change of the editor's text. The
 * frame's offset needs a real layout: Chromium's tests (and the real TYPO3's) prove it.
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

    stop();
    window.dispatchEvent(new Event('scroll'));
    view.dispatchEvent(new Event('resize'));
    editor.textContent = 'And another.';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(changed).toHaveBeenCalledTimes(6);
  });
});
