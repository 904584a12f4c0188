/**
 * Caps how deeply an answer nests before it is parsed, so no answer can overflow the parser's stack
 * (the lexer recurses once per level): blockquote markers and list markers past `MAX_NESTING` on one
 * line are escaped. Deeper structure shows as the text it is. An answer past `MAX_MARKDOWN_LENGTH` is not parsed
 * at all: it shows as plain text.
 *
 * No cap on a line's or a paragraph's length: the lexer reads the hostile shapes (`<http://`, `![`,
 * `[^`, `[a][b]` repeated to 150,000 characters) in linear time (docs/reliability.md).
 */
export const MAX_NESTING = 16;
export const MAX_MARKDOWN_LENGTH = 200_000;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

const LINE_PREFIX = /^(?:[ \t]{0,3}(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*)+/;

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
  return capped;
}

/**
 * The markdown with its nesting capped, line for line (a line of the result is the same line of the
 * input), or `null` when it is too long to parse.
 */
export function capNesting(markdown: string): string | null {
  if (markdown.length > MAX_MARKDOWN_LENGTH) return null;
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (fence !== null) {
        if (line.includes(fence)) fence = null;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return capLine(line);
    })
    .join('\n');
}
