import type { AnchorRect } from './dialog-settings';
import { rangeRect } from './selection-anchor';

/** The styles that decide where a field's text wraps and where each character lands. */
const TYPESETTING = [
  'boxSizing',
  'width',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'borderStyle',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontFamily',
  'fontSize',
  'fontStyle',
  'fontWeight',
  'fontVariant',
  'fontStretch',
  'lineHeight',
  'letterSpacing',
  'wordSpacing',
  'textIndent',
  'textTransform',
  'tabSize',
  'direction',
] as const;

/**
 * Where the characters `start` to `end` of a `<textarea>` are on screen: the lines they are on, across the
 * field. A field does not tell where its text is, so a hidden copy of it — same box, same type, same
 * wrapping — lays the text out once and the selected part is measured there, then moved by the field's
 * place and scroll and kept inside the field. An `<input>` (one line) is its own box.
 */
export function fieldSelectionRect(
  field: HTMLTextAreaElement | HTMLInputElement,
  start: number,
  end: number,
): AnchorRect | null {
  const box = field.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return null;
  const whole = { top: box.top, left: box.left, right: box.right, bottom: box.bottom };
  const doc = field.ownerDocument;
  const view = doc.defaultView;
  if (!view || field.tagName !== 'TEXTAREA' || typeof view.getComputedStyle !== 'function') return whole;
  const style = view.getComputedStyle(field);
  const mirror = doc.createElement('div');
  for (const property of TYPESETTING) mirror.style[property] = style[property];
  Object.assign(mirror.style, {
    position: 'fixed',
    top: `${box.top}px`,
    left: `${box.left}px`,
    visibility: 'hidden',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
    overflow: 'hidden',
    height: 'auto',
    pointerEvents: 'none',
  });
  const value = field.value;
  const marked = doc.createElement('span');
  marked.textContent = value.slice(start, end) || '\u200b';
  mirror.append(value.slice(0, start), marked, value.slice(end) || '\u200b');
  doc.body.append(mirror);
  try {
    const range = doc.createRange();
    range.selectNodeContents(marked);
    const own = rangeRect(range);
    if (!own) return whole;
    const dy = -field.scrollTop;
    const clip = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);
    // The selected lines, across the whole field: a dialog beside them is beside the field, not over its edge.
    return {
      top: clip(own.top + dy, box.top, box.bottom),
      bottom: clip(own.bottom + dy, box.top, box.bottom),
      left: box.left,
      right: box.right,
    };
  } finally {
    mirror.remove();
  }
}
