import fc from 'fast-check';

/** Markdown as a model (or a page it read) might write it: markers, raw HTML, hostile links, odd characters. */
const piece = fc.oneof(
  fc.constantFrom(
    ...'* ** *** _ __ ~~ ` ``` ~~~ # ## > - + 1. 2) [ ] ( ) ![ ]( | --- === \\ < > & &amp; &#x3c; \n \n\n    \t'.split(
      ' ',
    ),
    '<script>alert(1)</script>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '![a](data:image/png;base64,AAAA)',
    '<img src=x onerror=alert(1)>',
    '[^1]: note',
    '[ref]: https://example.org',
    '\u202E',
    '\u200B',
    '😀',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
export const markdown = fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join(''));
