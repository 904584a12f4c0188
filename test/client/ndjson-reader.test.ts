import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineSplitter } from '../../src/client';
import { createNdjsonDecoder } from '../../src/client/ndjson-reader';

function readAll(chunks: readonly string[]): string[] {
  const splitter = createLineSplitter();
  return [...chunks.flatMap((c) => splitter.push(c)), ...splitter.flush()];
}

describe('NDJSON line splitter', () => {
  it('reads padded lines, blank lines, many lines in one chunk and a last line without newline', () => {
    const text = `{"a":1}${' '.repeat(4000)}\n\n  \n{"b":2}\n{"c":3}`;
    expect(readAll([text])).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('joins a line split across chunks', () => {
    expect(readAll(['{"ev', 'ent":"de', 'lta"}\n'])).toEqual(['{"event":"delta"}']);
  });

  it('gives the same lines for any split of a stream', () => {
    const line = fc.jsonValue().map((v) => JSON.stringify(v));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(line, fc.nat(40)), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (lines, cuts) => {
          const text = lines.map(([l, pad]) => `${l}${' '.repeat(pad)}\n`).join('');
          const points = [...new Set(cuts.map((c) => (text.length === 0 ? 0 : c % text.length)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length));
          expect(readAll(chunks)).toEqual(lines.map(([l]) => l));
        },
      ),
    );
  });

  it('decodes a UTF-8 character split across byte chunks', () => {
    const bytes = new TextEncoder().encode('{"text":"Grüße 👋"}\n');
    const decoder = createNdjsonDecoder();
    const items = [
      ...decoder.push(bytes.slice(0, 12)),
      ...decoder.push(bytes.slice(12, 18)),
      ...decoder.push(bytes.slice(18)),
      ...decoder.end(),
    ];
    expect(items).toEqual([{ json: true, value: { text: 'Grüße 👋' } }]);
  });

  it('keeps a garbage line as raw text for the caller to skip', () => {
    const decoder = createNdjsonDecoder();
    expect(decoder.push(new TextEncoder().encode('not json\n{"ok":1}\n'))).toEqual([
      { json: false, line: 'not json' },
      { json: true, value: { ok: 1 } },
    ]);
  });
});
