import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAP, MARGIN, MAX_HEIGHT, MIN_HEIGHT, MIN_WIDTH, placeDialog, spareSelection } from '../../src/react/placement';

const VIEWPORT = { width: 1280, height: 800 };
const WIDTH = 576;

/** A paragraph of the demo's editor, at a given height. */
const paragraph = (top: number, left = 96, right = 840) => ({ top, left, right, bottom: top + 72 });

describe('placing the dialog beside the held selection', () => {
  it('goes to the right where there is room, level with the selection, growing down from a fixed top', () => {
    const placed = placeDialog({ anchor: paragraph(300, 96, 560), viewport: VIEWPORT, width: WIDTH });
    expect(placed).toEqual({
      mode: 'beside',
      side: 'right',
      left: 560 + GAP,
      width: WIDTH,
      top: 300,
      maxHeight: 800 - MARGIN - 300,
    });
  });

  it('narrows to the room on the right, down to its least width, and takes the left side after that', () => {
    const narrow = placeDialog({ anchor: paragraph(100, 96, 900), viewport: VIEWPORT, width: WIDTH });
    expect(narrow).toMatchObject({ side: 'right', width: 1280 - MARGIN - 900 - GAP });
    const left = placeDialog({ anchor: paragraph(100, 700, 1100), viewport: VIEWPORT, width: WIDTH });
    expect(left).toMatchObject({ side: 'left', width: WIDTH, left: 700 - GAP - WIDTH });
  });

  it('a selection low on the screen: the top is raised so that the tallest dialog still fits', () => {
    const placed = placeDialog({ anchor: paragraph(700, 96, 560), viewport: VIEWPORT, width: WIDTH });
    expect(placed).toMatchObject({ side: 'right', top: 800 - MARGIN - MAX_HEIGHT, maxHeight: MAX_HEIGHT });
  });

  it('a viewport lower than the tallest dialog: the dialog fills its height, a margin kept above and below', () => {
    const short = { width: 1280, height: 400 };
    const placed = placeDialog({ anchor: paragraph(300, 96, 560), viewport: short, width: WIDTH });
    expect(placed).toMatchObject({ side: 'right', top: MARGIN, maxHeight: 400 - 2 * MARGIN });
  });

  it('the demo’s paragraph (96 → 840 at 1280 px) has room on its right, a dialog narrowed to it', () => {
    expect(placeDialog({ anchor: paragraph(340), viewport: VIEWPORT, width: WIDTH })).toMatchObject({
      side: 'right',
      left: 840 + GAP,
      width: 1280 - MARGIN - 840 - GAP,
    });
  });

  it('a wide selection: below it in the upper and middle third, above it in the lower third', () => {
    const wide = (top: number) => paragraph(top, 96, 1000);
    const upper = placeDialog({ anchor: wide(150), viewport: VIEWPORT, width: WIDTH });
    expect(upper).toMatchObject({ side: 'below', top: 222 + GAP, maxHeight: 800 - MARGIN - 222 - GAP, left: 96 });
    const middle = placeDialog({ anchor: wide(340), viewport: VIEWPORT, width: WIDTH });
    expect(middle).toMatchObject({ side: 'below', top: 412 + GAP });
    const lower = placeDialog({ anchor: wide(600), viewport: VIEWPORT, width: WIDTH });
    // Above, its bottom edge next to the text: it grows away from it.
    expect(lower).toMatchObject({ side: 'above', bottom: 800 - (600 - GAP), maxHeight: 600 - GAP - MARGIN });
  });

  it('takes its usual place (and quotes the text) on a narrow screen, without a selection or room for it', () => {
    expect(placeDialog({ anchor: paragraph(300), viewport: { width: 899, height: 800 }, width: WIDTH })).toEqual({
      mode: 'free',
    });
    // From 900 px on there is room beside it.
    expect(
      placeDialog({ anchor: paragraph(300, 96, 300), viewport: { width: 900, height: 800 }, width: WIDTH }),
    ).toMatchObject({ mode: 'beside', side: 'right' });
    expect(placeDialog({ anchor: null, viewport: VIEWPORT, width: WIDTH })).toEqual({ mode: 'free' });
    const everywhere = { top: 40, left: 40, right: 1240, bottom: 760 };
    expect(placeDialog({ anchor: everywhere, viewport: VIEWPORT, width: WIDTH })).toEqual({ mode: 'free' });
    const scrolledAway = { top: -300, left: 96, right: 840, bottom: -200 };
    expect(placeDialog({ anchor: scrolledAway, viewport: VIEWPORT, width: WIDTH })).toEqual({ mode: 'free' });
  });

  it('a selection scrolled partly out of view: its part on screen counts, down to one row of pixels', () => {
    const lastRow = { top: -300, left: 96, right: 560, bottom: 1 };
    expect(placeDialog({ anchor: lastRow, viewport: VIEWPORT, width: WIDTH })).toMatchObject({
      side: 'right',
      top: MARGIN,
    });
    const firstRow = { top: 799, left: 96, right: 560, bottom: 1100 };
    expect(placeDialog({ anchor: firstRow, viewport: VIEWPORT, width: WIDTH })).toMatchObject({ side: 'right' });
  });

  it('never overlaps the selection, and stays inside the viewport, wherever the selection is', () => {
    const rect = fc
      .record({
        top: fc.integer({ min: -200, max: 1000 }),
        left: fc.integer({ min: -200, max: 1400 }),
        height: fc.integer({ min: 0, max: 600 }),
        width: fc.integer({ min: 0, max: 1400 }),
      })
      .map(({ top, left, height, width }) => ({ top, left, right: left + width, bottom: top + height }));
    const viewport = fc.record({
      width: fc.integer({ min: 600, max: 2600 }),
      height: fc.integer({ min: 400, max: 1600 }),
    });
    fc.assert(
      fc.property(rect, viewport, fc.integer({ min: 300, max: 900 }), (anchor, view, width) => {
        const placed = placeDialog({ anchor, viewport: view, width });
        if (placed.mode !== 'beside') return;
        const top = placed.top ?? view.height - (placed.bottom ?? 0) - placed.maxHeight;
        const box = { top, left: placed.left, right: placed.left + placed.width, bottom: top + placed.maxHeight };
        const visible = {
          top: Math.max(anchor.top, 0),
          left: Math.max(anchor.left, 0),
          right: Math.min(anchor.right, view.width),
          bottom: Math.min(anchor.bottom, view.height),
        };
        const apart =
          box.right <= visible.left ||
          box.left >= visible.right ||
          box.bottom <= visible.top ||
          box.top >= visible.bottom;
        expect(apart).toBe(true);
        expect(box.left).toBeGreaterThanOrEqual(MARGIN - 0.001);
        expect(box.right).toBeLessThanOrEqual(view.width - MARGIN + 0.001);
        expect(box.top).toBeGreaterThanOrEqual(MARGIN - 0.001);
        expect(box.bottom).toBeLessThanOrEqual(view.height - MARGIN + 0.001);
        expect(placed.width).toBeGreaterThanOrEqual(MIN_WIDTH);
        expect(placed.maxHeight).toBeGreaterThanOrEqual(Math.min(MIN_HEIGHT, view.height));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps its sizes in pixels: 12 from the selection, 16 from the edges, 320 wide at least, 480 tall at most', () => {
    const wide = (top: number, bottom: number) => ({ top, bottom, left: 96, right: 1000 });
    const at = (anchor: { top: number; left: number; right: number; bottom: number }) =>
      placeDialog({ anchor, viewport: VIEWPORT, width: WIDTH });
    expect(at(paragraph(300, 96, 560))).toEqual({
      mode: 'beside',
      side: 'right',
      left: 572,
      width: 576,
      top: 300,
      maxHeight: 484,
    });
    expect(at(paragraph(700, 96, 560))).toMatchObject({ top: 304, maxHeight: 480 });
    // Exactly 320 px of room on the right is room enough; 319 is not.
    expect(at(paragraph(300, 96, 932))).toMatchObject({ side: 'right', width: 320 });
    expect(at(paragraph(300, 700, 933))).toMatchObject({ side: 'left', width: 576, left: 700 - 12 - 576 });
    expect(at(paragraph(300, 348, 1100))).toMatchObject({ side: 'left', width: 320, left: 16 });
    // Exactly 260 px below or above is room enough; with as much room above as below, it goes below.
    expect(at(wide(200, 512))).toMatchObject({ side: 'below', top: 524, maxHeight: 260 });
    expect(at(wide(288, 600))).toMatchObject({ side: 'above', bottom: 524, maxHeight: 260 });
    expect(at(wide(300, 500))).toMatchObject({ side: 'below', top: 512, maxHeight: 272 });
  });

  it('a selection at the very edge of the viewport: the dialog keeps its margin from that edge', () => {
    const at = (anchor: { top: number; left: number; right: number; bottom: number }) =>
      placeDialog({ anchor, viewport: VIEWPORT, width: WIDTH });
    expect(at({ top: 300, bottom: 372, left: 1278, right: 1280 })).toMatchObject({
      side: 'left',
      left: 1280 - 16 - 576,
    });
    expect(at({ top: 798, bottom: 800, left: 96, right: 1000 })).toMatchObject({ side: 'above', bottom: 16 });
    // Touching the viewport's edge from outside is out of view: nothing to sit beside.
    expect(at({ top: -300, bottom: 0, left: 96, right: 560 })).toEqual({ mode: 'free' });
    expect(at({ top: 300, bottom: 372, left: 1280, right: 1400 })).toEqual({ mode: 'free' });
    expect(at({ top: 800, bottom: 900, left: 96, right: 560 })).toEqual({ mode: 'free' });
  });

  it('spares the selection from the backdrop: a hole a little larger than the selection', () => {
    const hole = '46px 96px, 304px 96px, 304px 184px, 46px 184px, 46px 96px';
    expect(spareSelection({ top: 100.4, left: 50, right: 300, bottom: 180 })).toBe(
      `polygon(evenodd, 0 0, 100% 0, 100% 100%, 0 100%, 0 0, ${hole})`,
    );
  });
});
