/**
 * Text that is well-formed everywhere it goes: the wire (PHP's `json_decode` rejects a lone surrogate,
 * `\ud83d`, and refuses the whole request), the editor (a NUL or half a character in saved content).
 */

export type Segmenter = { segment(text: string): Iterable<{ readonly index: number }> };
type SegmenterConstructor = new (locale?: string, options?: { granularity: 'grapheme' }) => Segmenter;

let graphemes: Segmenter | null | undefined;
function graphemeSegmenter(): Segmenter | null {
  if (graphemes === undefined) {
    const Constructor = (Intl as unknown as { Segmenter?: SegmenterConstructor }).Segmenter;
    graphemes = Constructor ? new Constructor(undefined, { granularity: 'grapheme' }) : null;
  }
  return graphemes;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** How far back a grapheme is looked for: longer clusters (rare ZWJ chains) are cut at a code point. */
const GRAPHEME_WINDOW = 64;

/**
 * `text` cut to at most `limit` UTF-16 units, never inside a character: not between the halves of a
 * surrogate pair, and where the runtime segments text, not inside a grapheme (an emoji with its skin tone
 * or its ZWJ sequence, a letter with its combining marks). The cut may be a little shorter than `limit`.
 */
export function cutText(text: string, limit: number, segmenter = graphemeSegmenter()): string {
  if (text.length <= limit) return text;
  let end = Math.max(0, Math.floor(limit));
  if (segmenter && end > 0) {
    const start = Math.max(0, end - GRAPHEME_WINDOW);
    let boundary = start;
    for (const { index } of segmenter.segment(text.slice(start, end + GRAPHEME_WINDOW))) {
      if (start + index > end) break;
      boundary = start + index;
    }
    // A boundary at the window's own start only means the cluster is longer than the window.
    if (boundary > start || start === 0) end = boundary;
  }
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Every lone surrogate as U+FFFD and no NUL: what may be sent, shown and inserted. */
export function wellFormedText(text: string): string {
  const formed = text.replace(LONE_SURROGATE, '\uFFFD');
  return formed.replaceAll('\u0000', '');
}
