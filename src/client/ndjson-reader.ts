/**
 * Splits NDJSON text into lines as chunks arrive: a line split across chunks, many lines in one
 * chunk, right-padded lines (nr-llm pads every line to 4096 bytes) and blank lines. Linear in the
 * text: a long line arriving in many chunks is joined once, when its newline comes.
 */
export interface LineSplitter {
  /** The complete, trimmed, non-blank lines this chunk finishes. Throws `LineTooLongError` past the cap. */
  push(chunk: string): string[];
  /** The last line when the stream ends without a newline. */
  flush(): string[];
}

/** The longest line read by default (characters): a bigger one ends the run instead of exhausting memory. */
export const DEFAULT_MAX_LINE_LENGTH = 8 * 1024 * 1024;

export class LineTooLongError extends Error {
  constructor(readonly limit: number) {
    super(`ask-ai-dialog: an NDJSON line is longer than ${limit} characters.`);
    this.name = 'LineTooLongError';
  }
}

export interface LineSplitterOptions {
  readonly maxLineLength?: number | undefined;
}

export function createLineSplitter(options: LineSplitterOptions = {}): LineSplitter {
  const max = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  /** The pieces of the line not finished yet, joined only when it is. */
  let pieces: string[] = [];
  let pending = 0;
  const finish = (last: string, into: string[]) => {
    const line = pieces.length === 0 ? last : pieces.join('') + last;
    pieces = [];
    pending = 0;
    if (line.length > max) throw new LineTooLongError(max);
    const trimmed = line.trim();
    if (trimmed !== '') into.push(trimmed);
  };
  return {
    push(chunk) {
      const lines: string[] = [];
      let from = 0;
      for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', from)) {
        finish(chunk.slice(from, at), lines);
        from = at + 1;
      }
      if (from < chunk.length) {
        const rest = from === 0 ? chunk : chunk.slice(from);
        pending += rest.length;
        if (pending > max) {
          pieces = [];
          pending = 0;
          throw new LineTooLongError(max);
        }
        pieces.push(rest);
      }
      return lines;
    },
    flush() {
      const lines: string[] = [];
      finish('', lines);
      return lines;
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

export interface NdjsonDecoder {
  push(bytes: Uint8Array): NdjsonItem[];
  end(): NdjsonItem[];
}

/** Decodes bytes (UTF-8, a character may be split across chunks) and yields one item per line. */
export function createNdjsonDecoder(options: LineSplitterOptions = {}): NdjsonDecoder {
  const decoder = new TextDecoder();
  const splitter = createLineSplitter(options);
  return {
    push: (bytes) => splitter.push(decoder.decode(bytes, { stream: true })).map(parseLine),
    end: () => [...splitter.push(decoder.decode()), ...splitter.flush()].map(parseLine),
  };
}
