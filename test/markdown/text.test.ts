import { describe, expect, it } from 'vitest';
import { answerText, markdownText } from '../../src/markdown/text';
import { element } from '../../src/markdown/tree';

/**
 * The plain text Copy and a plain field receive: what the dialog shows, without its markup. Each case is
 * one rule a reader of the copied text relies on.
 */
describe('the answer as plain text', () => {
  it.each([
    ['blocks apart by one blank line', '# Title\n\nFirst.\n\n\n\n\nSecond.', 'Title\n\nFirst.\n\nSecond.'],
    ['a hard break as a line break', 'one  \ntwo', 'one\ntwo'],
    ['a thematic break as nothing between its blocks', 'a\n\n---\n\nb', 'a\n\nb'],
    ['a thematic break at the end as nothing', 'a\n\n---', 'a'],
    [
      'code verbatim, its indentation kept',
      '```\ncode line\n  indented\n```\n\nafter',
      'code line\n  indented\n\nafter',
    ],
    ['bullets, nested items indented', '- one\n- two\n  - nested\n- three', '• one\n• two\n  • nested\n• three'],
    ['a loose list as tight lines', '* a\n\n* b', '• a\n• b'],
    ['numbers from the list’s start', '3. three\n4. four', '3. three\n4. four'],
    ['a list starting at zero', '0. zero\n1. one', '0. zero\n1. one'],
    ['an item’s second paragraph indented under it', '1. one\n\n   more\n2. two', '1. one\n  more\n2. two'],
    ['a heading in an item, the line after it below', '- # Heading\n  line after', '• Heading\n  line after'],
    ['table cells apart by a tab, rows by a line', '| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |', 'A\tB\n1\t2\n3\t4'],
    ['a quote’s paragraphs apart', '> quoted\n>\n> second', 'quoted\n\nsecond'],
    ['struck text with its markers: it says “not this”', '~~gone~~ kept', '~~gone~~ kept'],
    ['a link’s target after its text', '[text](https://example.com/x).', 'text (https://example.com/x).'],
    ['an autolink once', '<https://example.com> and <a@b.c>', 'https://example.com and a@b.c'],
    ['a link whose text is its target once', '[https://example.com](https://example.com)', 'https://example.com'],
    ['an unsafe link as its text', '[text](javascript:alert(1))', 'text'],
    ['an image as its description in brackets', '![a cat](cat.png) sits. ![](x.png)end', '[a cat] sits. end'],
    ['escaped markers as the characters', '\\*not emphasis\\*', '*not emphasis*'],
    ['task items with their state', '- [x] done\n- [ ] open', '• [x] done\n• [ ] open'],
    ['raw HTML as written', '<b>raw</b> html', '<b>raw</b> html'],
    ['an HTML block as written', '<div>\nblock\n</div>\n\nafter', '<div>\nblock\n</div>\n\nafter'],
    ['a direction control left out', 'before \u202e after', 'before  after'],
    ['emphasis without its markers', '**strong** and *em* and `code`', 'strong and em and code'],
  ])('%s', (_rule, markdown, text) => {
    expect(answerText(markdown)).toBe(text);
  });

  it('keeps an answer too long to parse as written', () => {
    const long = `**${'word '.repeat(50_000)}**`;
    expect(answerText(long)).toBe(long);
  });

  it('reads a tree’s list start given as text, and falls back to 1', () => {
    const item = (text: string) => element('li', {}, [text]);
    expect(markdownText([element('ol', { start: '7' }, [item('a'), item('b')])])).toBe('7. a\n8. b');
    expect(markdownText([element('ol', { start: 'x' }, [item('a')])])).toBe('1. a');
    expect(markdownText([element('ol', {}, [item('a'), 'stray', element('p', {}, ['x']), item('b')])])).toBe(
      '1. a\n2. b',
    );
  });

  it('puts text beside a block on a line of its own, and blocks after text a blank line apart', () => {
    expect(markdownText([element('p', {}, ['a']), 'b', element('p', {}, ['c'])])).toBe('a\nb\n\nc');
    expect(markdownText([element('p', {}, ['a']), '', 'b'])).toBe('a\nb');
    expect(markdownText([element('p', {}, ['a']), 'b', 'c'])).toBe('a\nbc');
  });

  it('leaves empty table rows out', () => {
    const row = (...cells: string[]) =>
      element(
        'tr',
        {},
        cells.map((cell) => element('td', {}, [` ${cell} `])),
      );
    const table = element('table', {}, [element('tbody', {}, [row('a', 'b'), element('tr', {}, []), row('c', 'd')])]);
    expect(markdownText([table])).toBe('a\tb\nc\td');
    const parts = [element('tbody', {}, [row('x')]), element('thead', {}, []), element('tbody', {}, [row('y')])];
    expect(markdownText([element('table', {}, parts)])).toBe('x\ny');
  });

  it('keeps the words of a plain block and of an unknown inline element', () => {
    expect(markdownText([element('div', { 'data-ask-ai-plain': '' }, ['as\n\nwritten'])])).toBe('as\n\nwritten');
    expect(markdownText([element('p', {}, ['a ', element('mark', {}, ['b']), ' c'])])).toBe('a b c');
  });
});
