import { describe, expect, it } from 'vitest';
import { modelToMarkdown, modelToText, type ModelNodeLike } from '../../src/ckeditor5/model-markdown';

// A model fragment as CKEditor 5 builds it, reduced to what the conversion reads.
const text = (data: string, attributes: Record<string, unknown> = {}): ModelNodeLike & { data: string } => ({
  data,
  is: (type: string) => type === '$text' || type === 'node',
  getAttribute: (key: string) => attributes[key],
});
const element = (name: string, children: ModelNodeLike[] = [], attributes: Record<string, unknown> = {}) => ({
  name,
  is: (type: string, named?: string) => type === 'element' && (named === undefined || named === name),
  getAttribute: (key: string) => attributes[key],
  getChildren: () => children,
});
const fragment = (...children: ModelNodeLike[]) => ({ getChildren: () => children });
const item = (id: string, type: string, indent: number, ...children: ModelNodeLike[]) =>
  element('paragraph', children, { listItemId: id, listType: type, listIndent: indent });

describe('the selected model as markdown and as text', () => {
  const content = fragment(
    element('heading2', [text('Opening hours')]),
    element('paragraph', [
      text('Open '),
      text('every day', { bold: true }),
      text(' from '),
      text('ten', { italic: true }),
      text(', see '),
      text('the site', { linkHref: 'https://example.org/a b' }),
      text(' or 2*3'),
    ]),
    item('a', 'bulleted', 0, text('books')),
    item('b', 'bulleted', 1, text('games')),
    item('c', 'numbered', 0, text('first')),
    item('d', 'numbered', 0, text('second')),
    element('blockQuote', [element('paragraph', [text('Quoted')])]),
    element('codeBlock', [text('a = 1'), element('softBreak'), text('b = 2')], { language: 'js' }),
    element('table', [
      element('tableRow', [
        element('tableCell', [element('paragraph', [text('Day')])]),
        element('tableCell', [element('paragraph', [text('a|b')])]),
      ]),
      element('tableRow', [
        element('tableCell', [element('paragraph', [text('Mon')])]),
        element('tableCell', [element('paragraph', [text('10')])]),
      ]),
    ]),
  );

  it('keeps headings, emphasis, links, lists, quotes, code and tables as markdown, the text’s markers escaped', () => {
    expect(modelToMarkdown(content)).toBe(
      [
        '## Opening hours',
        'Open **every day** from *ten*, see [the site](https://example.org/a%20b) or 2\\*3',
        '- books\n   - games\n1. first\n2. second',
        '> Quoted',
        '```js\na = 1\nb = 2\n```',
        '| Day | a\\|b |\n| --- | --- |\n| Mon | 10 |',
      ].join('\n\n'),
    );
  });

  it('gives the same content as plain text: no markers, bullets and numbers for lists, tabs between cells', () => {
    expect(modelToText(content)).toBe(
      [
        'Opening hours',
        'Open every day from ten, see the site or 2*3',
        '• books\n   • games\n1. first\n2. second',
        'Quoted',
        'a = 1\nb = 2',
        'Day\ta|b\nMon\t10',
      ].join('\n\n'),
    );
  });

  it('reads text straight in a fragment (a selection inside one paragraph) as inline content', () => {
    expect(modelToMarkdown(fragment(text('part of '), text('a', { bold: true })))).toBe('part of **a**');
  });

  it('escapes each character markdown reads as syntax in the editor’s own text, and only those', () => {
    expect(modelToMarkdown(fragment(text('a\\b `c` *d* _e_ [f] <g> #h |i| ~j~ (k) !l {m} +n -o .p')))).toBe(
      'a\\\\b \\`c\\` \\*d\\* \\_e\\_ \\[f\\] \\<g\\> \\#h \\|i\\| \\~j\\~ (k) !l {m} +n -o .p',
    );
  });

  it('writes inline code, strikethrough and line breaks, the markers around the words and not their spaces', () => {
    const line = element('paragraph', [
      text('run '),
      text('npm test', { code: true }),
      text(', not '),
      text('a `b`', { code: true }),
      text(' old ', { strikethrough: true }),
      text('end', { bold: true, italic: true }),
      element('softBreak'),
      text('next'),
    ]);
    expect(modelToMarkdown(fragment(line))).toBe('run `npm test`, not `` a `b` `` ~~old~~ ***end***  \nnext');
    expect(modelToText(fragment(line))).toBe('run npm test, not a `b` old end\nnext');
  });

  it('keeps one blank line between blocks where a line break ends the first', () => {
    const content = fragment(
      element('paragraph', [text('a'), element('softBreak')]),
      element('paragraph', [text('b')]),
    );
    expect(modelToMarkdown(content)).toBe('a  \n\nb');
    expect(modelToText(content)).toBe('a\n\nb');
  });

  it('writes a link’s address with its brackets and spaces encoded, and no link for an empty address', () => {
    const links = fragment(
      element('paragraph', [
        text('see', { linkHref: 'https://example.org/a_(b)' }),
        text(' or '),
        text('there', { linkHref: 'https://example.org/a)\tb' }),
        text(' '),
        text('here', { linkHref: '' }),
      ]),
    );
    expect(modelToMarkdown(links)).toBe(
      '[see](https://example.org/a_%28b%29) or [there](https://example.org/a%29%09b) here',
    );
  });

  it('numbers each list level on its own, from one again after another block, with to-do boxes', () => {
    const lists = fragment(
      item('a', 'numbered', 0, text('one')),
      item('b', 'numbered', 1, text('one.one')),
      item('c', 'numbered', 1, text('one.two')),
      item('d', 'numbered', 0, text('two')),
      item('e', 'numbered', 1, text('two.one')),
      element('paragraph', [text('Between')]),
      item('f', 'numbered', 0, text('again')),
      element('paragraph', [text('Tasks')], {}),
      element('paragraph', [text('done')], { listItemId: 'g', listType: 'todo', listIndent: 0, todoListChecked: true }),
      element('paragraph', [text('open')], { listItemId: 'h', listType: 'todo', listIndent: 0 }),
    );
    expect(modelToMarkdown(lists)).toBe(
      [
        '1. one\n   1. one.one\n   2. one.two\n2. two\n   1. two.one',
        'Between',
        '1. again',
        'Tasks',
        '- [x] done\n- [ ] open',
      ].join('\n\n'),
    );
    expect(modelToText(lists)).toContain('• done\n• open');
  });

  it('fences code holding a fence with tildes, names no language for plain text, and quotes every line', () => {
    const blocks = fragment(
      element('codeBlock', [text('```js'), element('softBreak'), text('```')], { language: 'plaintext' }),
      element('blockQuote', [element('paragraph', [text('one')]), element('paragraph', [text('two')])]),
      element('horizontalLine'),
      element('heading3', [text('Small')]),
    );
    expect(modelToMarkdown(blocks)).toBe(['~~~\n```js\n```\n~~~', '> one\n> \n> two', '---', '### Small'].join('\n\n'));
    expect(modelToText(blocks)).toBe(['```js\n```', 'one\n\ntwo', 'Small'].join('\n\n'));
  });

  it('gives an image by its alt text, escaped in markdown, and nothing for an image without one', () => {
    const images = fragment(
      element('imageBlock', [], { alt: 'A [red] door' }),
      element('imageBlock'),
      element('paragraph', [text('Look: '), element('imageInline', [], { alt: 'cat' }), text(' here')]),
    );
    expect(modelToMarkdown(images)).toBe('![A \\[red\\] door]()\n\nLook: ![cat]() here');
    expect(modelToText(images)).toBe('A [red] door\n\nLook: cat here');
  });

  it('reads a container’s blocks one by one, and fills a short table row to the widest', () => {
    const content = fragment(
      element('div', [element('paragraph', [text('first')]), element('paragraph', [text('second')])]),
      element('table', [
        element('tableRow', [
          element('tableCell', [element('paragraph', [text('A')])]),
          element('tableCell', [element('paragraph', [text('B')]), element('paragraph', [text('b2')])]),
        ]),
        element('tableRow', [element('tableCell', [element('paragraph', [text('1')])])]),
      ]),
      element('table', []),
      element('paragraph', [text('after')]),
    );
    expect(modelToMarkdown(content)).toBe(
      ['first\n\nsecond', '| A | B b2 |\n| --- | --- |\n| 1 |  |', 'after'].join('\n\n'),
    );
  });
});
