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
});
