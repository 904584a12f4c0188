/**
 * Characters that change how a name reads without showing: bidi embeddings, overrides and isolates,
 * zero-width spaces and joiners, the word joiner, the BOM.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/**
 * A tool's name or label as shown: every invisible formatting character appears as its code point
 * (`⟨U+202E⟩`), so a name cannot reverse itself or pass for another tool ("pub\u200Blish" is not
 * "publish").
 */
export function visibleName(name: string): string {
  return name.replace(INVISIBLE, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
}
