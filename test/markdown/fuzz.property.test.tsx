import fc from 'fast-check';
import { fuzzSettings } from './fuzz-settings';
import { markdown } from './arbitrary-markdown';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MarkdownAnswer, { answerText } from '../../src/react/markdown-answer';
import { closeOpenTail, MarkdownStream } from '../../src/markdown/stream';
import { parseMarkdown } from '../../src/markdown/parse';
import { markdownText } from '../../src/markdown/text';

/**
 * Random markdown never throws out of the renderer: whatever a model (or a page it read) writes, the
 * parse, the streamed parse with its closed tail, the plain text and the rendering all return. Runs
 * 200 cases in `npm test`; `npm run fuzz` runs 10,000 (FUZZ_RUNS).
 */
const RUNS = 200;

describe('the markdown renderer under random input', () => {
  it('parses, renders and hands over any text without throwing', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const nodes = parseMarkdown(text);
        expect(typeof markdownText(nodes)).toBe('string');
        expect(typeof answerText(text)).toBe('string');
        const html = renderToStaticMarkup(createElement(MarkdownAnswer, { markdown: text, streaming: false }));
        // Only the allow-listed tags: never a script, an image, a handler or a style.
        expect(html).not.toMatch(/<(?:script|img|iframe|object|embed|style|link|svg|form|input)\b/i);
        expect(html).not.toMatch(/<[^>]*\s(?:on\w+|style)=/i);
        expect(html).not.toMatch(/<a\b[^>]*href="(?!https?:|mailto:)/i);
      }),
      fuzzSettings(RUNS),
    );
  });

  it('streams any text in any pieces without throwing, its open tail closed for display', () => {
    fc.assert(
      fc.property(markdown, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const stream = new MarkdownStream();
        const ends = [...cuts.map((c) => c % (text.length + 1)), text.length].sort((a, b) => a - b);
        for (const end of ends) {
          stream.update(text.slice(0, end), true);
          expect(typeof closeOpenTail(text.slice(0, end))).toBe('string');
        }
        expect(stream.update(text).flatMap((block) => block.nodes)).toEqual(parseMarkdown(text));
      }),
      fuzzSettings(RUNS),
    );
  });
});
