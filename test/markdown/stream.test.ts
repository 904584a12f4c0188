import { describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_LENGTH } from '../../src/markdown/limits';
import {
  closeOpenTail,
  MarkdownStream,
  MAX_LINE_LENGTH,
  MAX_PARAGRAPH_LENGTH,
  parseBlocks,
} from '../../src/markdown/stream';
import { treeHtml } from './tree-html';

describe('closeOpenTail', () => {
  it.each([
    ['strong', '**bold', '**bold**'],
    ['emphasis', '*em', '*em*'],
    ['strike', '~~s', '~~s~~'],
    ['a code span', '`c', '`c`'],
    ['underscore strong', '__u', '__u__'],
    ['strong around open emphasis', '**a *b', '**a *b***'],
    ['emphasis after code holding a star', 'a `x*y` *b', 'a `x*y` *b*'],
    ['emphasis in a list item (its bullet is no marker)', '- a *b', '- a *b*'],
    ['emphasis after a star bullet', '* item *em', '* item *em*'],
  ])('closes %s', (_what, tail, closed) => {
    expect(closeOpenTail(tail)).toBe(closed);
  });

  it.each([
    ['a half-written link as its text', 'see [text](http', 'see text'],
    ['a bare opening bracket', 'see [te', 'see te'],
    ['markers with nothing after them', 'a **', 'a '],
    ['a lone underscore', 'a _', 'a '],
    ['a star after closed strong', '**a** *', '**a** '],
    ['an incomplete fence line', 'x\n```', 'x\n'],
  ])('leaves out %s', (_what, tail, closed) => {
    expect(closeOpenTail(tail)).toBe(closed);
  });

  it('reads a fence only at the start of a line, and hides a fence line still without its end', () => {
    expect(closeOpenTail('Use ```code``` inline')).toBe('Use ```code``` inline');
    expect(closeOpenTail('x\n```js')).toBe('x\n');
  });

  it('takes a list bullet for no marker only at the start of a line', () => {
    expect(closeOpenTail('x* y *z')).toBe('x* y *z');
  });

  it('closes only the last paragraph', () => {
    expect(closeOpenTail('p1 *x\n\np2 **y')).toBe('p1 *x\n\np2 **y**');
    expect(closeOpenTail('```\nx\n```\n\n*tail')).toBe('```\nx\n```\n\n*tail*');
  });

  it('closes an open fence with its own marker, over blank lines, not with a shorter one', () => {
    expect(closeOpenTail('```\ncode\n\nmore')).toBe('```\ncode\n\nmore\n```');
    expect(closeOpenTail('~~~~\nx\n~~~\ny')).toBe('~~~~\nx\n~~~\ny\n~~~~');
    expect(closeOpenTail('```\nx\n```\n```\ny\n')).toBe('```\nx\n```\n```\ny\n```');
  });
});

describe('MarkdownStream', () => {
  it('keeps a complete block the same object while the answer grows, and only the open one changes', () => {
    const stream = new MarkdownStream();
    const first = stream.update('# Title\n\nOne', true);
    const second = stream.update('# Title\n\nOne two\n\n- a', true);
    expect(first[0]).toBe(second[0]);
    expect(second.map((block) => treeHtml(block.nodes))).toEqual([
      '<h1>Title</h1>',
      '<p>One two</p>',
      '<ul><li>a</li></ul>',
    ]);
    expect(second.map((block) => block.key)).toEqual([0, 1, 2]);
    const third = stream.update('# Title\n\nOne two\n\n- a\n- b\n\n', true);
    expect(third[1]).toBe(second[1]);
    expect(treeHtml(third.at(-1)!.nodes)).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('keeps the complete blocks when only the open one is rewritten', () => {
    const stream = new MarkdownStream();
    const first = stream.update('# Title\n\nOne draft', true);
    const second = stream.update('# Title\n\nAnother', true);
    expect(second[0]).toBe(first[0]);
    expect(treeHtml(second[1]!.nodes)).toBe('<p>Another</p>');
  });

  it('gives nothing more than the blocks after a paragraph too long to parse and blank lines', () => {
    const long = `*${'a'.repeat(MAX_LINE_LENGTH)}*`;
    const blocks = new MarkdownStream().update(`# T\n\n${long}\n\n  \n`);
    expect(blocks.map((block) => treeHtml(block.nodes).slice(0, 30))).toEqual([
      '<h1>T</h1>',
      '<div data-ask-ai-plain="">*aaa',
    ]);
  });

  it('gives only the complete blocks while the open one is blank', () => {
    const stream = new MarkdownStream();
    const blocks = stream.update('Para one.\n\nPara two.\n\n', true);
    expect(blocks.map((block) => treeHtml(block.nodes))).toEqual(['<p>Para one.</p>', '<p>Para two.</p>']);
  });

  it('starts again for another answer, and reads Windows line ends', () => {
    const stream = new MarkdownStream();
    const first = stream.update('# A\n\nB\n\nC');
    const other = stream.update('# X\r\n\r\nY\rZ');
    expect(other[0]).not.toBe(first[0]);
    expect(other.map((block) => treeHtml(block.nodes))).toEqual(['<h1>X</h1>', '<p>Y\nZ</p>']);
    expect(stream.update('# X').map((block) => treeHtml(block.nodes))).toEqual(['<h1>X</h1>']);
  });

  it('parses an answer with a reference definition whole, while streaming too', () => {
    const stream = new MarkdownStream();
    stream.update('First [ref].\n\n', true);
    const blocks = stream.update('First [ref].\n\n[ref]: https://a.b\n\nSecond **open', true);
    expect(blocks).toHaveLength(1);
    expect(treeHtml(blocks[0]!.nodes)).toBe(
      '<p>First <a href="https://a.b">ref</a>.</p><p>Second <strong>open</strong></p>',
    );
  });

  it('shows an answer past the length cap as one plain block, its direction controls visible', () => {
    const long = `**${'a'.repeat(MAX_MARKDOWN_LENGTH)}\u202e`;
    const blocks = new MarkdownStream().update(long);
    expect(blocks).toHaveLength(1);
    const html = treeHtml(blocks[0]!.nodes);
    // Compared as a whole, shown in part: 200,000 characters are no message.
    expect(html.replace(/a{1000,}/, '…')).toBe(
      '<div data-ask-ai-plain="">**…<span data-ask-ai-control="direction">U+202E</span></div>',
    );
    expect(html.length).toBe(MAX_MARKDOWN_LENGTH + 85);
  });
});

describe('a paragraph too long to parse', () => {
  const tree = (markdown: string) => treeHtml(parseBlocks(markdown));

  it('is plain text on its own: the blocks before and after it are markdown', () => {
    const long = `*${'x'.repeat(MAX_LINE_LENGTH)}*`;
    expect(tree(`# T\n\n${long}\n\n**end**`)).toBe(
      `<h1>T</h1><div data-ask-ai-plain="">${long}</div><p><strong>end</strong></p>`,
    );
  });

  it('starts at its first line and ends at the blank line after it', () => {
    const line = `${'y'.repeat(MAX_LINE_LENGTH - 10)}`;
    const paragraph = `*a*\n${line}\n${line}\n${line}`;
    expect(tree(`${paragraph}\n  \n*b*`)).toBe(`<div data-ask-ai-plain="">${paragraph}</div><p><em>b</em></p>`);
  });

  it('counts again after a fence closes, and not the fence’s own lines', () => {
    const long = `*${'a'.repeat(MAX_LINE_LENGTH)}*`;
    expect(tree(`\`\`\`\nx\n\`\`\`\n\n${long}`).endsWith(`<div data-ask-ai-plain="">${long}</div>`)).toBe(true);
    const code = `\`\`\`\nshort\n${'c'.repeat(MAX_LINE_LENGTH + 1)}\n\`\`\``;
    expect(tree(code).startsWith('<pre><code>short')).toBe(true);
  });

  it('counts a paragraph from a line of spaces on anew', () => {
    const half = 'b'.repeat(MAX_PARAGRAPH_LENGTH / 2);
    expect(tree(`${half}\n   \n${half}`).startsWith('<div data-ask-ai-plain')).toBe(false);
  });

  it('counts neither fenced code nor list items nor table rows', () => {
    const item = `- ${'z'.repeat(MAX_LINE_LENGTH - 10)}`;
    const list = Array.from({ length: 4 }, () => item).join('\n');
    expect(tree(list)).toMatch(/^<ul>/);
    expect(tree(`\`\`\`\n${'c'.repeat(MAX_PARAGRAPH_LENGTH + 1)}\n\`\`\`\n\n*a*`)).toMatch(
      /^<pre>.*<p><em>a<\/em><\/p>$/s,
    );
  });

  it('is held to the limits exactly', () => {
    const plain = (markdown: string) => tree(markdown).startsWith('<div data-ask-ai-plain');
    expect(plain(`*${'a'.repeat(MAX_LINE_LENGTH - 2)}*`)).toBe(false);
    expect(plain(`*${'a'.repeat(MAX_LINE_LENGTH - 1)}*`)).toBe(true);
    const lines = (length: number) => Array.from({ length: 4 }, () => 'b'.repeat(length)).join('\n');
    // Four lines and their line ends: 4 × (length + 1).
    expect(plain(lines(MAX_PARAGRAPH_LENGTH / 4 - 1))).toBe(false);
    expect(plain(lines(MAX_PARAGRAPH_LENGTH / 4))).toBe(true);
  });

  it('streams as plain text while it is the open block, and stays so once complete', () => {
    const stream = new MarkdownStream();
    const long = `**${'x'.repeat(MAX_LINE_LENGTH)}`;
    expect(treeHtml(stream.update(`# T\n\n${long}`, true).at(-1)!.nodes)).toBe(
      `<div data-ask-ai-plain="">${long}</div>`,
    );
    const done = stream.update(`# T\n\n${long}\n\nafter`, true);
    const html = done.map((block) => treeHtml(block.nodes));
    expect(html.map((block) => block.slice(0, 30))).toEqual([
      '<h1>T</h1>',
      '<div data-ask-ai-plain="">**xx',
      '<p>after</p>',
    ]);
    expect(html[1] === `<div data-ask-ai-plain="">${long}</div>`).toBe(true);
  });
});
