import fc from 'fast-check';
import { fuzzSettings } from './fuzz-settings';
import { describe, expect, it } from 'vitest';
import { closeOpenTail, MarkdownStream, parseBlocks } from '../../src/markdown/stream';
import { parseMarkdown } from '../../src/markdown/parse';
import type { MarkdownNode } from '../../src/markdown/tree';

const word = fc.constantFrom('alpha', 'beta', 'Gamma', '12', 'x_y', 'über', 'a.b', '3)', '#tag', '<b>', '&amp;');
const inline = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 1, arbitrary: word.map((w) => `**${w}**`) },
  { weight: 1, arbitrary: word.map((w) => `*${w}*`) },
  { weight: 1, arbitrary: word.map((w) => `\`${w}\``) },
  { weight: 1, arbitrary: word.map((w) => `~~${w}~~`) },
  { weight: 1, arbitrary: word.map((w) => `[${w}](https://example.org/${w})`) },
  { weight: 1, arbitrary: fc.constantFrom('**', '*', '`', '[', '](', '_', '~~', '\\*', '>', '|', '1.', '-') },
);
const line = fc.array(inline, { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));
const indent = fc.constantFrom('', '', '  ', '    ');
const block = fc.oneof(
  { weight: 4, arbitrary: fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('#', '##', '######'), line).map(([h, l]) => `${h} ${l}`) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(indent, fc.constantFrom('-', '*', '1.', '2)'), line, fc.boolean()), {
        minLength: 1,
        maxLength: 4,
      })
      .map((items) => items.map(([i, m, l, loose]) => `${i}${m} ${l}${loose ? '\n' : ''}`).join('\n')),
  },
  {
    weight: 1,
    arbitrary: fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.map((l) => `> ${l}`).join('\n\n')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('```', '~~~', '````'),
        fc.array(fc.oneof(line, fc.constant('')), { maxLength: 4 }),
        fc.boolean(),
      )
      .map(([f, ls, closed]) => `${f}js\n${ls.join('\n')}${closed ? `\n${f}` : ''}`),
  },
  { weight: 1, arbitrary: fc.tuple(word, word).map(([a, b]) => `| ${a} | ${b} |\n| --- | --- |\n| ${b} | ${a} |`) },
  { weight: 1, arbitrary: fc.constantFrom('---', '***', '    code()\n    more()', 'Title\n===', 'Sub\n---') },
  { weight: 1, arbitrary: line.map((l) => `    ${l}`) },
);
const separator = fc.constantFrom('\n\n', '\n\n', '\n', '\n\n\n', '\n  \n');
const markdown = fc
  .array(fc.tuple(block, separator), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.map(([b, s]) => b + s).join(''))
  .chain((text) => fc.tuple(fc.constant(text), fc.boolean()).map(([t, trailing]) => (trailing ? t : t.trimEnd())));

/** The text cut at random places: the deltas of a stream. */
function splits(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * text.length)))].sort((a, b) => a - b);
  return [...points, text.length].map((end) => text.slice(0, end));
}

const leaves = (nodes: readonly MarkdownNode[]): string =>
  nodes.map((node) => (typeof node === 'string' ? node : leaves(node.children))).join('');

const shown = (blocks: ReturnType<MarkdownStream['update']>) => blocks.flatMap((b) => b.nodes);

describe('MarkdownStream', () => {
  it('gives, after any stream of deltas, exactly what parsing the whole answer at once gives', () => {
    fc.assert(
      fc.property(markdown, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }), (text, cuts) => {
        const stream = new MarkdownStream();
        for (const prefix of splits(text, cuts)) stream.update(prefix, true);
        expect(shown(stream.update(text))).toEqual(parseMarkdown(text));
      }),
      fuzzSettings(300),
    );
  });

  it('parses a complete block once: the blocks before the open tail keep their identity', () => {
    const stream = new MarkdownStream();
    const first = stream.update('# Title\n\nOne paragraph.\n\nTwo', true);
    const second = stream.update('# Title\n\nOne paragraph.\n\nTwo and three.\n\n- a\n', true);
    // A block is complete once the next one has begun; the last one may still grow.
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(4);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
  });

  it('starts again when the text is not a continuation (another variant in view)', () => {
    const stream = new MarkdownStream();
    stream.update('First answer.\n\nMore.', false);
    expect(shown(stream.update('Other *answer*.'))).toEqual(parseMarkdown('Other *answer*.'));
  });
});

describe('closeOpenTail', () => {
  it.each([
    ['**bold', '<strong>bold</strong>'],
    ['some *emph', 'some <em>emph</em>'],
    ['a `code', 'a <code>code</code>'],
    ['~~gone', '<del>gone</del>'],
    ['see [the docs](https://exa', 'see the docs'],
    ['see [the do', 'see the do'],
    ['Hello **', 'Hello'],
  ])('closes %j for display', (tail, html) => {
    const nodes = parseMarkdown(closeOpenTail(tail));
    const text = leaves(nodes);
    for (const marker of ['*', '`', '~', '[', '](']) expect(text).not.toContain(marker);
    expect(text).toBe(html.replace(/<\/?\w+>/g, ''));
    const tag = /<(\w+)>/.exec(html)?.[1];
    if (tag) expect(JSON.stringify(nodes)).toContain(`"tag":"${tag}"`);
  });

  it('closes an open code fence, and hides a fence line not yet complete', () => {
    expect(parseMarkdown(closeOpenTail('```js\nconst a = 1;\n'))).toEqual(parseMarkdown('```js\nconst a = 1;\n```'));
    expect(closeOpenTail('Text\n\n``')).toBe('Text\n\n');
    expect(closeOpenTail('Text\n```')).toBe('Text\n');
  });

  it('leaves closed constructs as they are', () => {
    const text = 'A **b** `c` [d](https://e.org) ~~f~~\n\n```\nx\n```\n';
    expect(closeOpenTail(text)).toBe(text);
  });
});

describe('pieces the parser would backtrack on', () => {
  it('are shown as plain text: a line past 10,000 characters, a paragraph past 20,000', () => {
    const plain = (text: string) => JSON.stringify(parseBlocks(text)).includes('data-ask-ai-plain');
    expect(plain(`Intro.\n\n${'<http://a'.repeat(1_200)}\n\nOutro.`)).toBe(true);
    expect(plain(`${'![a'.repeat(40)}\n`.repeat(200))).toBe(true);
    // Only that piece: the rest is still markdown.
    expect(JSON.stringify(parseBlocks(`# Title\n\n${'x'.repeat(10_001)}\n\n**end**`))).toContain('"tag":"h1"');
    // Long code in a fence, and a long list, are still read as what they are.
    expect(plain(`\`\`\`\n${'x'.repeat(30_000)}\n\`\`\``)).toBe(false);
    expect(plain(Array.from({ length: 400 }, (_, i) => `- item ${i} of a long list of things`).join('\n'))).toBe(false);
    expect(plain(`${'word '.repeat(1_999)}`)).toBe(false);
  });
});
