/**
 * Caps how deeply an answer nests before it is parsed, so no answer can overflow the parser's stack
 * (markdown-to-jsx recurses once per level): blockquote markers and list markers past
 * `MAX_NESTING` on one line are escaped, and so is any run of more than `MAX_MARKER_RUN` emphasis,
 * strike or heading markers. Deeper structure shows as the text it is. An answer past
 * `MAX_MARKDOWN_LENGTH` is not parsed at all: it shows as plain text.
 */
export const MAX_NESTING = 16;
export const MAX_MARKER_RUN = 8;
export const MAX_MARKDOWN_LENGTH = 200_000;
/**
 * Past these, a piece of the answer is shown as plain text: markdown-to-jsx's inline rules backtrack on
 * long runs of some markers (`<http://`, `![`, `[^`, `[a][b]`), quadratically in the paragraph's length,
 * which at 150,000 characters blocks the page for seconds. A line outside a code fence longer than
 * `MAX_LINE_LENGTH`, or a paragraph (lines that are not list items or table rows, up to a blank line)
 * longer than `MAX_PARAGRAPH_LENGTH`, are not read as markdown.
 */
export const MAX_LINE_LENGTH = 10_000;
export const MAX_PARAGRAPH_LENGTH = 20_000;
const LIST_OR_ROW = /^[ \t]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|\|)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

const LINE_PREFIX = /^(?:[ \t]{0,3}(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*)+/;
const MARKER_RUN = new RegExp(`([*_~#=])\\1{${MAX_MARKER_RUN},}`, 'g');

const MAX_INDENT = MAX_NESTING * 4;

function capLine(line: string): string {
  // Nesting by indentation: levels past the cap are flattened onto the deepest kept one.
  const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
  const flattened = indent.length > MAX_INDENT ? ' '.repeat(MAX_INDENT) + line.slice(indent.length) : line;
  const prefix = LINE_PREFIX.exec(flattened)?.[0];
  let capped = flattened;
  if (prefix) {
    let depth = 0;
    // Escapes each marker past the cap: `>` becomes `\>`, `-` becomes `\-`, `3.` becomes `3\.`.
    const kept = prefix.replace(
      />|[-*+](?=[ \t])|(\d{1,9})([.)])(?=[ \t])/g,
      (marker, digits?: string, dot?: string) => {
        depth++;
        if (depth <= MAX_NESTING) return marker;
        return digits !== undefined ? `${digits}\\${dot}` : `\\${marker}`;
      },
    );
    capped = kept + flattened.slice(prefix.length);
  }
  return capped.replace(MARKER_RUN, (run) => run.replace(/./g, '\\$&'));
}

/** The markdown with its nesting capped, or `null` when it is too long to parse safely. */
export function capNesting(markdown: string): string | null {
  if (markdown.length > MAX_MARKDOWN_LENGTH) return null;
  const lines = markdown.split('\n');
  let fence: string | null = null;
  let paragraph = 0;
  for (const line of lines) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (line.includes(fence)) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      paragraph = 0;
      continue;
    }
    if (line.length > MAX_LINE_LENGTH) return null;
    paragraph = line.trim() === '' || LIST_OR_ROW.test(line) ? 0 : paragraph + line.length + 1;
    if (paragraph > MAX_PARAGRAPH_LENGTH) return null;
  }
  return lines.map(capLine).join('\n');
}
