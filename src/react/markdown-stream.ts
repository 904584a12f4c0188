import { MAX_MARKDOWN_LENGTH } from './markdown-limits';
import { parseMarkdown, plainBlock, type MarkdownNode } from './markdown-tree';

/** One top-level piece of the answer: its parse, the same object for as long as the piece is complete. */
export interface MarkdownBlock {
  readonly key: number;
  readonly nodes: readonly MarkdownNode[];
}

/**
 * A line that may start a block of its own after a blank line, whatever came before: not indented
 * (a continuation or indented code), no list item, quote or `-` line (a list or quote may go on
 * across the blank line; `---` could be read as front matter at the start of a piece).
 */
const FRESH_BLOCK_START = /^[^\s>\-*+\d]|^\d+(?![.)\d])/;
/**
 * A list item's line. markdown-to-jsx ends a list by what follows it, so a list and the block after
 * it stay one piece: the split comes at the next fresh block after that.
 */
const LIST_LINE = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
/** A fence opens at a line's start; markdown-to-jsx closes it at the next same marker, anywhere. */
const QUOTE_LINE = /^\s*>/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
/** Link reference definitions and footnotes act on the whole answer: such an answer is parsed as one. */
const WHOLE_ANSWER_SYNTAX = /^ {0,3}\[[^\]\n]+\]:/m;
const FRONT_MATTER = /^---[ \t]*\n/;

/**
 * The answer parsed block by block as it streams: a complete top-level block (one followed by a
 * blank line and the start of another) is parsed once and kept; only the open tail is parsed again
 * on each update, so the parse work over a whole stream is linear in its length. Splitting happens
 * only where parsing the pieces apart gives what parsing the whole answer gives (a property test
 * holds it to that); an answer with syntax that spans the whole text (reference links, footnotes,
 * front matter) is parsed whole.
 *
 * While streaming, the open tail is closed for display (`closeOpenTail`): a half-written `**bold`,
 * code span, fence or link never shows its raw markers.
 */
export class MarkdownStream {
  private text = '';
  /** Where the complete blocks end, and the scan for the next boundary goes on. */
  private stableEnd = 0;
  private scanFrom = 0;
  private previousBlank = true;
  private inList = false;
  private inQuote = false;
  /** Past a point the scan cannot read as markdown-to-jsx does: no more splits, the rest is the tail. */
  private frozen = false;
  /** The marker of the fence open at `scanFrom`, if any, and where its content starts. */
  private fence: { marker: string; from: number } | null = null;
  private stable: MarkdownBlock[] = [];
  private whole = false;

  /** The blocks of `markdown`; with `streaming`, its open tail closed for display. */
  update(markdown: string, streaming = false): readonly MarkdownBlock[] {
    if (!markdown.startsWith(this.text.slice(0, this.stableEnd)) || markdown.length < this.stableEnd) this.reset();
    this.text = markdown;
    if (markdown.length > MAX_MARKDOWN_LENGTH) return [{ key: 0, nodes: [plainBlock(markdown)] }];
    if (!this.whole && (FRONT_MATTER.test(markdown) || WHOLE_ANSWER_SYNTAX.test(markdown.slice(this.stableEnd)))) {
      this.reset();
      this.whole = true;
    }
    if (!this.whole) this.advance();
    const tail = markdown.slice(this.stableEnd);
    if (tail.trim() === '') return this.stable;
    const source = streaming ? closeOpenTail(tail) : tail;
    return [...this.stable, { key: this.stable.length, nodes: parseMarkdown(source) }];
  }

  private reset() {
    this.text = '';
    this.stableEnd = 0;
    this.scanFrom = 0;
    this.fence = null;
    this.previousBlank = true;
    this.inList = false;
    this.inQuote = false;
    this.frozen = false;
    this.stable = [];
    this.whole = false;
  }

  /** Moves complete blocks from the tail into `stable`: scans only the text not scanned before. */
  private advance() {
    const text = this.text;
    let lineStart = this.scanFrom;
    while (!this.frozen) {
      if (this.fence) {
        const close = text.indexOf(this.fence.marker, this.fence.from);
        if (close === -1) return;
        this.fence = null;
        // The rest of the closing line belongs to the fence's block.
        const end = text.indexOf('\n', close);
        if (end === -1) return;
        lineStart = end + 1;
        this.scanFrom = lineStart;
        this.previousBlank = false;
        continue;
      }
      const lineEnd = text.indexOf('\n', lineStart);
      // The last line may be incomplete: it is scanned again once it is.
      if (lineEnd === -1) return;
      const line = text.slice(lineStart, lineEnd);
      // Whether a fence line in or right after a list opens a fence depends on how the list parser
      // reads the item: the rest of the answer is not split.
      if (this.inList && !this.inQuote && FENCE_OPEN.test(line)) {
        this.frozen = true;
        return;
      }
      if (this.previousBlank && FRESH_BLOCK_START.test(line)) {
        if (this.inList) this.inList = false;
        else if (lineStart > this.stableEnd) {
          this.stable.push({ key: this.stable.length, nodes: parseMarkdown(text.slice(this.stableEnd, lineStart)) });
          this.stableEnd = lineStart;
        }
      } else if (LIST_LINE.test(line)) this.inList = true;
      // A quote runs to the next blank line and a list item takes in the lines after it: a fence
      // line inside either does not open a fence (markdown-to-jsx reads it as their text).
      if (this.previousBlank || !this.inList) this.inQuote ||= QUOTE_LINE.test(line);
      const fence = this.inQuote ? null : FENCE_OPEN.exec(line);
      if (fence) {
        this.fence = { marker: fence[1]!, from: lineEnd + 1 };
        this.scanFrom = lineStart;
        continue;
      }
      this.previousBlank = line === '';
      if (this.previousBlank) this.inQuote = false;
      lineStart = lineEnd + 1;
      this.scanFrom = lineStart;
    }
  }
}

const INCOMPLETE_LINK = /\[([^\]\n]*)(?:\]\([^)\s]*|\])?$/;
const TRAILING_OPENER = /(^|\s)[*_~`]+$/;

/**
 * The open tail made whole for display: an unclosed fence is closed; in its last paragraph a
 * half-written link shows as its text, markers with nothing after them yet are left out, and open
 * code, strike, strong and emphasis markers are closed. Only what is shown changes: the answer is
 * handed over as written.
 */
export function closeOpenTail(tail: string): string {
  const fenceLine = /^ {0,3}(`{3,}|~{3,})/gm;
  let open: string | null = null;
  let from = 0;
  for (let match = fenceLine.exec(tail); match; match = fenceLine.exec(tail)) {
    if (match.index < from) continue;
    const marker = match[1]!;
    const contentStart = tail.indexOf('\n', match.index);
    if (contentStart === -1) return tail.slice(0, match.index);
    const close = tail.indexOf(marker, contentStart + 1);
    if (close === -1) {
      open = marker;
      break;
    }
    from = close + marker.length;
    fenceLine.lastIndex = from;
  }
  if (open !== null) return `${tail.replace(/\n?$/, '\n')}${open}`;
  const paragraphStart = tail.lastIndexOf('\n\n') + 1;
  let last = tail.slice(paragraphStart).replace(INCOMPLETE_LINK, '$1').replace(TRAILING_OPENER, '$1');
  const withoutCode = last.replace(/`[^`\n]*`/g, '');
  if (count(last, '`') % 2 === 1) last += '`';
  else {
    const prose = withoutCode.replace(/^[ \t]*[-*+][ \t]/gm, '');
    if (count(prose, '~~') % 2 === 1) last += '~~';
    const strong = count(prose, '**');
    const single = count(prose.replaceAll('**', ''), '*');
    if (single % 2 === 1) last += '*';
    if (strong % 2 === 1) last += '**';
    const strongUnderscore = count(prose, '__');
    if (strongUnderscore % 2 === 1) last += '__';
  }
  return tail.slice(0, paragraphStart) + last;
}

function count(text: string, marker: string): number {
  let n = 0;
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) n++;
  return n;
}

/**
 * The whole answer parsed as the dialog shows it once complete: piece by piece, each piece that is too
 * long or backtracks (see `capNesting`) as plain text on its own. What is handed over comes from here.
 */
export function parseBlocks(markdown: string): readonly MarkdownNode[] {
  return new MarkdownStream().update(markdown).flatMap((block) => block.nodes);
}
