// @vitest-environment jsdom
import { render } from '@testing-library/react';
import spec from 'commonmark-spec';
import fc from 'fast-check';
import { fuzzSettings } from './fuzz-settings';
import { describe, expect, it } from 'vitest';
import { markdownFragment } from '../../src/markdown/dom';
import MarkdownAnswer, { answerText } from '../../src/react/markdown-answer';
import { markdown as randomMarkdown } from './arbitrary-markdown';
import { lostWords, referenceText, shownTexts } from './word-check';

/** Raw HTML stays text by design (never parsed into elements): those two sections are left out. */
const RAW_HTML_SECTIONS = new Set(['HTML blocks', 'Raw HTML']);
const examples = (spec.tests as { markdown: string; section: string; number: number }[])
  .filter((example) => !RAW_HTML_SECTIONS.has(example.section))
  // The spec shows tabs as arrows.
  .map((example) => ({ ...example, markdown: example.markdown.replaceAll('→', '\t') }));

/** Each way an answer leaves the parser: what the dialog shows, the text it hands over, the editor's DOM. */
function lostAnywhere(markdown: string, { everyElementApart = false } = {}) {
  const reference = referenceText(markdown, { everyElementApart });
  const { container, unmount } = render(<MarkdownAnswer markdown={markdown} streaming={false} />);
  const shown = shownTexts(container);
  unmount();
  const fragment = document.createElement('div');
  fragment.append(markdownFragment(markdown));
  return {
    shown: lostWords(reference, ...shown),
    text: lostWords(reference, answerText(markdown)),
    editor: lostWords(reference, ...shownTexts(fragment)),
  };
}

describe('no word lost: the CommonMark 0.31.2 spec examples against the reference renderer', () => {
  it('covers the 588 examples outside the raw-HTML sections', () => {
    expect(examples).toHaveLength(588);
  });

  it('shows, hands over and inserts every word the reference shows, on every example', () => {
    const losing = examples.flatMap((example) => {
      const lost = lostAnywhere(example.markdown);
      return Object.values(lost).some((words) => words.length > 0) ? [{ number: example.number, ...lost }] : [];
    });
    expect(losing).toEqual([]);
  });

  it('keeps the words of ordinary answers the old parser dropped', () => {
    for (const answer of [
      'Total [EUR]: 100 per person',
      'f[0]: ok',
      '[x](https://example.org/x) and [docs](relative/path)',
      '- [x] done\n- [ ] open',
      'Before <!-- a comment --> after',
      'Heading\n=======\n\nText `code` &copy; &AElig;',
    ]) {
      expect({ answer, ...lostAnywhere(answer) }).toEqual({ answer, shown: [], text: [], editor: [] });
    }
  });
});

describe('no word lost under random input', () => {
  // The reference's words read apart at its markup: where the dialog reads GFM (bare links, strike-through)
  // or shows a link target the reference hides, text stands between pieces the reference glues together.
  it('shows and hands over every word the reference shows', () => {
    fc.assert(
      fc.property(randomMarkdown, (markdown) => {
        expect(lostAnywhere(markdown, { everyElementApart: true })).toEqual({ shown: [], text: [], editor: [] });
      }),
      fuzzSettings(200),
    );
  });
});

describe('GFM task items', () => {
  it('keep their state visibly, in the dialog and in what is handed over', () => {
    const { container } = render(<MarkdownAnswer markdown={'- [x] Proofread\n- [ ] Publish'} streaming={false} />);
    const items = [...container.querySelectorAll('li')].map((item) => item.textContent);
    expect(items).toEqual(['[x] Proofread', '[ ] Publish']);
    expect(container.querySelector('[data-ask-ai-task="done"]')).toHaveTextContent('[x]');
    expect(answerText('- [x] Proofread\n- [ ] Publish')).toBe('• [x] Proofread\n• [ ] Publish');
  });
});
