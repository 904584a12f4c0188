import { describe, expect, it } from 'vitest';
import { decodeReferences } from '../../src/markdown/entities';

describe('decodeReferences', () => {
  it.each([
    ['named', '&copy; &amp; &Auml;', '© & Ä'],
    ['decimal', '&#35; &#0000065;', '# A'],
    ['hex, either case', '&#x22; &#X41; &#x1F600;', '" A 😀'],
    ['zero, surrogates and past Unicode as U+FFFD', '&#0; &#xD800; &#xDFFF; &#x110000;', '\ufffd \ufffd \ufffd \ufffd'],
    ['the edges of the valid range', '&#xD7FF; &#xE000; &#x10FFFF;', '\ud7ff \ue000 \u{10ffff}'],
    ['an unknown name as written', '&bogus; &constructor; &toString;', '&bogus; &constructor; &toString;'],
    ['incomplete references as written', '& &amp &#; &#x; &#12345678;', '& &amp &#; &#x; &#12345678;'],
    ['text without any', 'plain text', 'plain text'],
  ])('%s', (_what, text, decoded) => {
    expect(decodeReferences(text)).toBe(decoded);
  });
});
