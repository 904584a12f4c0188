// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldSelectionRect } from '../../src/editors/field-rect';

/**
 * Where a field's selected characters are on screen, so the dialog sits beside them. jsdom lays nothing
 * out, so these tests give it a small, fixed typesetter: 10 px per character, the line height and the
 * width the hidden copy of the field was given, lines wrapped where a character no longer fits. That is
 * enough to prove what the measuring does with a layout — copy the field's type and box, lay out the
 * text before the selection, move by the field's place and scroll, keep inside the field; Chromium's
 * tests prove it against a real one.
 */
const CHAR = 10;
const BOX = { top: 100, left: 50, right: 450, bottom: 300 };

/** The row of the hidden copy a range's first character lands on, by the fake typesetter. */
let measured: HTMLElement | null = null;

function rowOf(range: Range): Omit<DOMRect, 'x' | 'y' | 'toJSON'>[] {
  const marked = range.startContainer as HTMLElement;
  const mirror = marked.parentElement!;
  measured = mirror;
  const perRow = Math.floor(parseFloat(mirror.style.width) / CHAR);
  const line = parseFloat(mirror.style.lineHeight);
  let row = 0;
  let column = 0;
  const before = [...mirror.childNodes].slice(0, [...mirror.childNodes].indexOf(marked));
  for (const char of before.map((node) => node.textContent).join('')) {
    if (char === '\n') {
      row++;
      column = 0;
      continue;
    }
    if (column === perRow) {
      row++;
      column = 0;
    }
    column++;
  }
  if (column === perRow) row++;
  const rows = 1 + (marked.textContent!.match(/\n/g) ?? []).length;
  const top = parseFloat(mirror.style.top) + row * line;
  const left = parseFloat(mirror.style.left) + (column % perRow) * CHAR;
  return [{ top, bottom: top + rows * line, left, right: left + CHAR, width: CHAR, height: rows * line }];
}

function textarea(value: string, style: Partial<CSSStyleDeclaration> = {}): HTMLTextAreaElement {
  const field = document.createElement('textarea');
  field.value = value;
  Object.assign(field.style, { width: '400px', lineHeight: '24px', fontSize: '16px' }, style);
  document.body.append(field);
  vi.spyOn(field, 'getBoundingClientRect').mockReturnValue({
    ...BOX,
    width: BOX.right - BOX.left,
    height: BOX.bottom - BOX.top,
    x: BOX.left,
    y: BOX.top,
    toJSON: () => ({}),
  });
  return field;
}

beforeEach(() => {
  Range.prototype.getClientRects = function (this: Range) {
    return rowOf(this) as unknown as DOMRectList;
  };
});
afterEach(() => {
  document.body.replaceChildren();
  // @ts-expect-error jsdom has no layout: the fake typesetter is removed again
  delete Range.prototype.getClientRects;
  vi.restoreAllMocks();
});

describe('a field’s selected characters on screen', () => {
  it('are the rows they are on, across the whole field, laid out with the field’s own line height', () => {
    const field = textarea('first\nsecond\nthird line');
    expect(fieldSelectionRect(field, 19, 23)).toEqual({ top: 148, bottom: 172, left: 50, right: 450 });

    field.style.lineHeight = '30px';
    expect(fieldSelectionRect(field, 19, 23)).toEqual({ top: 160, bottom: 190, left: 50, right: 450 });
  });

  it('wrap where the field’s width wraps them: the character after a full row starts the next', () => {
    const full = 'a'.repeat(40);
    const field = textarea(`${full}bcd`);
    expect(fieldSelectionRect(field, 40, 43)?.top).toBe(124);
    expect(fieldSelectionRect(field, 39, 40)?.top).toBe(100);

    field.style.width = '200px';
    expect(fieldSelectionRect(field, 39, 40)?.top).toBe(124);
  });

  it('span every row a selection over several lines takes', () => {
    const field = textarea('one\ntwo\nthree\nfour');
    expect(fieldSelectionRect(field, 4, 13)).toEqual({ top: 124, bottom: 172, left: 50, right: 450 });
  });

  it('move with the field’s scroll and stay inside the field', () => {
    const field = textarea(Array.from({ length: 20 }, (_, n) => `line ${n}`).join('\n'));
    field.scrollTop = 30;
    const third = field.value.indexOf('line 2');
    expect(fieldSelectionRect(field, third, third + 6)).toEqual({ top: 118, bottom: 142, left: 50, right: 450 });

    // Scrolled out above: held at the field's top edge; far below: at its bottom edge.
    const first = 0;
    expect(fieldSelectionRect(field, first, first + 6)).toEqual({ top: 100, bottom: 100, left: 50, right: 450 });
    const last = field.value.indexOf('line 19');
    expect(fieldSelectionRect(field, last, last + 7)).toEqual({ top: 300, bottom: 300, left: 50, right: 450 });
  });

  it('are measured in a copy with every style that decides where the field’s text wraps and lands', () => {
    const typesetting = {
      boxSizing: 'border-box',
      width: '400px',
      borderTopWidth: '1px',
      borderRightWidth: '2px',
      borderBottomWidth: '3px',
      borderLeftWidth: '4px',
      borderStyle: 'solid',
      paddingTop: '5px',
      paddingRight: '6px',
      paddingBottom: '7px',
      paddingLeft: '8px',
      fontFamily: 'Georgia',
      fontSize: '17px',
      fontStyle: 'italic',
      fontWeight: '700',
      fontVariant: 'small-caps',
      fontStretch: 'condensed',
      lineHeight: '24px',
      letterSpacing: '1px',
      wordSpacing: '2px',
      textIndent: '9px',
      textTransform: 'uppercase',
      tabSize: '4',
      direction: 'rtl',
    } as const;
    const field = textarea('Some text to measure.', typesetting);
    fieldSelectionRect(field, 5, 9);
    const copy = Object.fromEntries(Object.keys(typesetting).map((key) => [key, measured!.style[key as 'width']]));
    expect(copy).toEqual(typesetting);
    // Laid out where the field is, hidden, wrapping as a field does, never scrolled or clicked.
    expect(measured!.style).toMatchObject({
      position: 'fixed',
      top: '100px',
      left: '50px',
      visibility: 'hidden',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'break-word',
      overflow: 'hidden',
      height: 'auto',
      pointerEvents: 'none',
    });
  });

  it('leave nothing behind in the page', () => {
    const field = textarea('some text');
    fieldSelectionRect(field, 0, 4);
    expect(document.body.children).toHaveLength(1);
    expect(document.body.firstElementChild).toBe(field);
  });

  it('are the field itself for a one-line input, and nothing for a field not shown', () => {
    const input = document.createElement('input');
    input.value = 'one line';
    document.body.append(input);
    vi.spyOn(input, 'getBoundingClientRect').mockReturnValue({
      top: 10,
      left: 20,
      right: 220,
      bottom: 40,
      width: 200,
      height: 30,
      x: 20,
      y: 10,
      toJSON: () => ({}),
    });
    expect(fieldSelectionRect(input, 4, 8)).toEqual({ top: 10, left: 20, right: 220, bottom: 40 });

    const hidden = document.createElement('textarea');
    document.body.append(hidden);
    expect(fieldSelectionRect(hidden, 0, 0)).toBeNull();
  });
});
