/**
 * Splits NDJSON text into lines as chunks arrive: a line split across chunks, many lines in one
 * chunk, right-padded lines (nr-llm pads every line to 4096 bytes) and blank lines.
 */
export interface LineSplitter {
  /** The complete, trimmed, non-blank lines this chunk finishes. */
  push(chunk: string): string[];
  /** The last line when the stream ends without a newline. */
  flush(): string[];
}

export function createLineSplitter(): LineSplitter {
  let buffer = '';
  const complete = (lines: string[]) => lines.map((line) => line.trim()).filter((line) => line !== '');
  return {
    push(chunk) {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      return complete(lines);
    },
    flush() {
      const rest = buffer;
      buffer = '';
      return complete([rest]);
    },
  };
}

/** A parsed line, or the raw text of a line that is not JSON. */
export type NdjsonItem =
  { readonly json: true; readonly value: unknown } | { readonly json: false; readonly line: string };

export function parseLine(line: string): NdjsonItem {
  try {
    return { json: true, value: JSON.parse(line) };
  } catch {
    return { json: false, line };
  }
}

/** Decodes bytes (UTF-8, a character may be split across chunks) and yields one item per line. */
export function createNdjsonDecoder(): { push(bytes: Uint8Array): NdjsonItem[]; end(): NdjsonItem[] } {
  const decoder = new TextDecoder();
  const splitter = createLineSplitter();
  return {
    push: (bytes) => splitter.push(decoder.decode(bytes, { stream: true })).map(parseLine),
    end: () => [...splitter.push(decoder.decode()), ...splitter.flush()].map(parseLine),
  };
}
