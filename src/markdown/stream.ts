import type { Token } from 'marked';
import { capNesting, MAX_MARKDOWN_LENGTH } from './limits';
import { blockNodes, lexBlocks, lexCapped, markControls } from './parse';
import { plainBlock, type MarkdownNode } from './tree';

/** One top-level piece of the answer: its parse, the same object for as long as the piece is complete. */
export interface MarkdownBlock {
  readonly key: number;
  readonly nodes: readonly MarkdownNode[];
}

/** Link reference definitions act on the whole answer: such an answer is parsed as one. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * Past these, a paragraph is shown as plain text: the lexer's inline rules go quadratic on some long
 * runs (`a_a_a_…`, `!!!…`: 200 ms at 20,000 characters, 11 s at 150,000). A line longer than
 * `MAX_LINE_LENGTH`, or a paragraph (up to a blank line) longer than `MAX_PARAGRAPH_LENGTH`, is not read
 * as markdown; its words are all shown.
 */
export const MAX_LINE_LENGTH = 10_000;
export const MAX_PARAGRAPH_LENGTH = 20_000;

const LIST_OR_ROW = /^[ \t]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|\|)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Where the first paragraph too long to parse lies in `text`, if any: from its first line to the blank
 * line after. Code in a fence, list items and table rows do not count towards a paragraph.
 */
function overlongParagraph(text: string): { start: number; end: number } | null {
  let paragraphStart = 0;
  let paragraph = 0;
  let fence: string | null = null;
  for (let lineStart = 0; lineStart < text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (line.includes(fence)) fence = null;
    } else if (marker) {
      fence = marker;
      paragraph = 0;
    } else if (line.trim() === '') {
      paragraph = 0;
    } else {
      if (paragraph === 0) paragraphStart = lineStart;
      paragraph = LIST_OR_ROW.test(line) ? 1 : paragraph + line.length + 1;
      if (line.length > MAX_LINE_LENGTH || paragraph > MAX_PARAGRAPH_LENGTH) {
        const blank = /\n[ \t]*\n/g;
        blank.lastIndex = lineEnd;
        const after = blank.exec(text);
        return { start: paragraphStart, end: after ? after.index + 1 : text.length };
      }
    }
    lineStart = lineEnd + 1;
  }
  return null;
}

/**
 * The answer parsed block by block as it streams. The lexer reads the open tail (the text after the
 * complete blocks); every top-level block before the tail's last one is complete (CommonMark closes a
 * block for good once another starts, link reference definitions aside), so it is kept and never
 * parsed again, and the parse work over a whole stream is linear in its length. An answer with a link
 * reference definition is parsed whole. A property test holds the pieces to what parsing the whole
 * answer gives.
 *
 * While streaming, the open tail is closed for display (`closeOpenTail`): a half-written `**bold`,
 * code span, fence or link never shows its raw markers.
 */
export class MarkdownStream {
  private text = '';
  /** Where the complete blocks end. */
  private stableEnd = 0;
  private stable: MarkdownBlock[] = [];

  /** The blocks of `markdown`; with `streaming`, its open tail closed for display. */
  update(answer: string, streaming = false): readonly MarkdownBlock[] {
    const markdown = answer.includes('\r') ? answer.replace(/\r\n?/g, '\n') : answer;
    if (markdown.length < this.stableEnd || !markdown.startsWith(this.text.slice(0, this.stableEnd))) this.reset();
    this.text = markdown;
    if (markdown.length > MAX_MARKDOWN_LENGTH) return [{ key: 0, nodes: markControls([plainBlock(markdown)]) }];
    // The complete blocks were looked at before (one with a definition would have kept none complete).
    if (REFERENCE_DEFINITION.test(markdown.slice(this.stableEnd))) {
      this.reset();
      return [{ key: 0, nodes: blockNodes(lexBlocks(streaming ? closeOpenTail(markdown) : markdown)) }];
    }
    const open = this.advance();
    if (open.trim() === '') return this.stable;
    // A paragraph too long to parse shows as written: no closing markers added to plain text.
    if (overlongParagraph(open))
      return [...this.stable, { key: this.stable.length, nodes: markControls([plainBlock(open)]) }];
    const nodes = blockNodes(lexBlocks(streaming ? closeOpenTail(open) : open));
    return [...this.stable, { key: this.stable.length, nodes }];
  }

  private reset() {
    this.text = '';
    this.stableEnd = 0;
    this.stable = [];
  }

  private keep(nodes: MarkdownNode[], length: number) {
    if (nodes.length > 0) this.stable.push({ key: this.stable.length, nodes });
    this.stableEnd += length;
  }

  /** Moves complete blocks from the tail into `stable`; returns the open rest. */
  private advance(): string {
    for (;;) {
      const tail = this.text.slice(this.stableEnd);
      const overlong = overlongParagraph(tail);
      const parsed = overlong ? tail.slice(0, overlong.start) : tail;
      const capped = capNesting(parsed) ?? '';
      const tokens = lexCapped(capped);
      if (overlong) {
        // What comes before a paragraph too long to parse is complete; the paragraph is plain text.
        for (const token of tokens) this.keep(blockNodes([token]), 0);
        this.keep([], overlong.start);
        if (overlong.end === tail.length) return tail.slice(overlong.start);
        this.keep(
          markControls([plainBlock(tail.slice(overlong.start, overlong.end).replace(/\n+$/, ''))]),
          overlong.end - overlong.start,
        );
        continue;
      }
      this.keepCompleteBlocks(tokens, capped, tail);
      return this.text.slice(this.stableEnd);
    }
  }

  /**
   * Keeps each token before the last one that is not blank space, when the tokens account for the tail
   * character for character and that last token starts a line (else nothing is kept: correct, slower).
   */
  private keepCompleteBlocks(tokens: readonly Token[], capped: string, tail: string) {
    let last = tokens.length - 1;
    while (last >= 0 && tokens[last]!.type === 'space') last--;
    if (last <= 0) return;
    const lexed = tokens.map((token) => token.raw).join('');
    const openStart = tokens.slice(0, last).reduce((sum, token) => sum + token.raw.length, 0);
    if (lexed !== capped || (openStart > 0 && lexed[openStart - 1] !== '\n')) return;
    // The lexer read the tail with its nesting capped, line for line: the open block starts on the same line.
    const line = countLines(lexed, openStart);
    const start = lineStart(tail, line);
    if (start === -1) return;
    for (const token of tokens.slice(0, last)) this.keep(blockNodes([token]), 0);
    this.keep([], start);
  }
}

function countLines(text: string, end: number): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

function lineStart(text: string, line: number): number {
  let at = 0;
  for (let n = 0; n < line; n++) {
    at = text.indexOf('\n', at) + 1;
    if (at === 0) return -1;
  }
  return at;
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
 * The whole answer parsed as the dialog shows it once complete, a paragraph too long to parse as plain
 * text on its own. What is handed over comes from here.
 */
export function parseBlocks(markdown: string): readonly MarkdownNode[] {
  return new MarkdownStream().update(markdown).flatMap((block) => block.nodes);
}
