// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnchorRect, SelectionAnchor } from '../../src/editors/dialog-settings';
import { useDialogPlacement, useSteadyWhileRunning } from '../../src/react/use-placement';

/**
 * The hook that keeps the open dialog beside the held selection (the rules of where are `placeDialog`'s,
 * in react-logic/placement.test.ts): it places the dialog when it opens, follows the selection when its
 * anchor says it moved and when the window resizes, and gives the dialog its usual place back on close.
 */
function Placed({ anchor, open }: { anchor: SelectionAnchor; open: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const beside = useDialogPlacement(ref, open, anchor);
  return (
    <dialog ref={ref} open={open} aria-label="Ask AI" data-beside={beside}>
      …
    </dialog>
  );
}

let viewport = { width: 1280, height: 800 };
function stubViewport() {
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockImplementation(() => viewport.width);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockImplementation(() => viewport.height);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(576);
}

/** An anchor whose rectangle the test moves, telling the hook as an editor's scroll would. */
function movableAnchor(rect: AnchorRect) {
  let current = rect;
  const listeners = new Set<() => void>();
  const anchor: SelectionAnchor = {
    rect: () => current,
    watch(changed) {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
  };
  return {
    anchor,
    listeners,
    move(next: AnchorRect) {
      current = next;
      for (const changed of listeners) changed();
    },
  };
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
const dialog = () => document.querySelector('dialog')!;

afterEach(() => {
  viewport = { width: 1280, height: 800 };
});

describe('the dialog placed beside the held selection', () => {
  it('opens beside it, follows it when it moves, and takes its usual place again on a narrow window', async () => {
    stubViewport();
    const held = movableAnchor({ top: 300, left: 96, right: 560, bottom: 372 });
    render(<Placed anchor={held.anchor} open />);
    expect(dialog()).toHaveAttribute('data-placement', 'right');
    expect(dialog().style.left).toBe('572px');
    expect(dialog().style.top).toBe('300px');
    expect(dialog()).toHaveAttribute('data-beside', 'true');
    // Its box is the placement's: no margin, as wide as placed, as tall as it may grow, the top edge fixed.
    const style = dialog().style;
    expect([style.margin, style.right, style.width, style.maxWidth, style.maxHeight, style.bottom]).toEqual([
      '0px',
      'auto',
      '576px',
      '576px',
      '484px',
      'auto',
    ]);
    expect(style.getPropertyValue('--ask-ai-room')).toBe('484px');

    held.move({ top: 200, left: 96, right: 560, bottom: 272 });
    await nextFrame();
    expect(dialog().style.top).toBe('200px');

    // A wide selection low on the screen: above it, its bottom edge fixed next to the text.
    held.move({ top: 600, left: 96, right: 1000, bottom: 672 });
    await nextFrame();
    expect(dialog()).toHaveAttribute('data-placement', 'above');
    expect([style.top, style.bottom, style.left, style.maxHeight]).toEqual(['auto', '212px', '96px', '572px']);

    // Closed by the browser (its state to follow): no longer placed.
    dialog().removeAttribute('open');
    held.move({ top: 100, left: 96, right: 560, bottom: 172 });
    await nextFrame();
    expect(style.top).toBe('auto');
    dialog().setAttribute('open', '');

    viewport = { width: 800, height: 800 };
    window.dispatchEvent(new Event('resize'));
    await nextFrame();
    expect(dialog()).not.toHaveAttribute('data-placement');
    expect(dialog().style.left).toBe('');
    // The room beside the selection no longer caps its height.
    expect(style.getPropertyValue('--ask-ai-room')).toBe('');
    expect(dialog()).toHaveAttribute('data-beside', 'false');
  });

  it('on close: its usual place and the whole backdrop again, nothing left listening', async () => {
    stubViewport();
    const held = movableAnchor({ top: 300, left: 96, right: 560, bottom: 372 });
    const removed = vi.spyOn(window, 'removeEventListener');
    const { rerender } = render(<Placed anchor={held.anchor} open />);
    expect(dialog().style.getPropertyValue('--ask-ai-spare')).toMatch(/^polygon\(/);
    rerender(<Placed anchor={held.anchor} open={false} />);
    expect(dialog()).not.toHaveAttribute('data-placement');
    expect(dialog().style.getPropertyValue('--ask-ai-spare')).toBe('');
    expect(held.listeners.size).toBe(0);
    expect(removed).toHaveBeenCalledWith('resize', expect.any(Function));
  });

  it('a new selection’s anchor takes over at once: a move of the old one waiting for a frame is dropped', async () => {
    stubViewport();
    const old = movableAnchor({ top: 300, left: 96, right: 560, bottom: 372 });
    const { rerender } = render(<Placed anchor={old.anchor} open />);
    old.move({ top: 100, left: 96, right: 560, bottom: 172 });
    const next = movableAnchor({ top: 500, left: 96, right: 560, bottom: 572 });
    rerender(<Placed anchor={next.anchor} open />);
    await nextFrame();
    expect(dialog().style.top).toBe('304px');
  });

  it('a caret (nothing selected) is not spared from the backdrop: only a selection is', () => {
    stubViewport();
    const caret = movableAnchor({ top: 300, left: 96, right: 96, bottom: 318 });
    render(<Placed anchor={caret.anchor} open />);
    expect(dialog().style.getPropertyValue('--ask-ai-spare')).toBe('');
  });
});

/**
 * While a task runs the dialog keeps the tallest height it had (the stylesheet caps it by its room), so the
 * streaming answer does not move Stop under the pointer; after the run it fits its content again.
 */
function Steady({ active }: { active: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useSteadyWhileRunning(ref, active);
  return (
    <dialog ref={ref} open aria-label="Ask AI">
      …
    </dialog>
  );
}

describe('the dialog held steady while a task runs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the tallest height it had during the run, and lets go when the run ends', () => {
    let height = 300;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ height, width: 576, top: 0, left: 0, right: 576, bottom: height }) as DOMRect,
    );
    const resized: Array<() => void> = [];
    const disconnect = vi.fn();
    const observe = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(changed: () => void) {
          resized.push(changed);
        }
        observe = observe;
        disconnect = disconnect;
      },
    );
    const { rerender } = render(<Steady active />);
    const style = dialog().style;
    expect(dialog()).toHaveAttribute('data-steady');
    expect(style.getPropertyValue('--ask-ai-grown')).toBe('300px');
    expect(observe).toHaveBeenCalledWith(dialog());

    height = 420;
    resized.forEach((changed) => changed());
    expect(style.getPropertyValue('--ask-ai-grown')).toBe('420px');
    height = 200;
    resized.forEach((changed) => changed());
    expect(style.getPropertyValue('--ask-ai-grown')).toBe('420px');

    rerender(<Steady active={false} />);
    expect(dialog()).not.toHaveAttribute('data-steady');
    expect(style.getPropertyValue('--ask-ai-grown')).toBe('');
    expect(disconnect).toHaveBeenCalled();
  });
});
