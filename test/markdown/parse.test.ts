import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse';
import { MAX_MARKDOWN_LENGTH } from '../../src/markdown/limits';
import { treeHtml } from './tree-html';

/** What the dialog shows and every serialiser reads: the allow-listed tree, case by case. */
describe('the parsed answer', () => {
  it.each([
    [
      'headings up to six levels; a seventh # is text',
      '# H\n\n###### six\n\n####### seven',
      '<h1>H</h1><h6>six</h6><p>####### seven</p>',
    ],
    ['a quote and a thematic break', '> q\n\n---', '<blockquote><p>q</p></blockquote><hr></hr>'],
    [
      'an HTML block as plain text, its trailing blank lines dropped',
      '<div>\nx\n</div>\n\n\n',
      '<div data-ask-ai-plain=""><div>\nx\n</div></div>',
    ],
    [
      'task items with their state as text',
      '- a\n- [x] b\n- [ ] c',
      '<ul><li>a</li><li><span data-ask-ai-task="done">[x] </span>b</li>' +
        '<li><span data-ask-ai-task="open">[ ] </span>c</li></ul>',
    ],
    ['an ordered list keeps a start other than 1', '2. a\n3. b', '<ol start="2"><li>a</li><li>b</li></ol>'],
    ['an ordered list from 1 has no start', '1. a', '<ol><li>a</li></ol>'],
    [
      'table cells keep their alignment',
      '| a | b | c |\n|:-|-:|-|\n| 1 | 2 | 3 |',
      '<table><thead><tr><th align="left">a</th><th align="right">b</th><th>c</th></tr></thead>' +
        '<tbody><tr><td align="left">1</td><td align="right">2</td><td>3</td></tr></tbody></table>',
    ],
    ['a safe link with its title', '[t](https://x.y "Title")', '<p><a href="https://x.y" title="Title">t</a></p>'],
    ['a link’s target decoded and trimmed', '[t](<https://x.y/a&amp;b >)', '<p><a href="https://x.y/a&b">t</a></p>'],
    ['a relative link as its text', '[t](  /rel  )', '<p><span>t</span></p>'],
    [
      'an image as its description without markup',
      '![*a* `c` \\* &amp;](x.png)',
      '<p><span data-ask-ai-image="alt">a c * &</span></p>',
    ],
    ['an image without a description', '![](y.png)', '<p><span data-ask-ai-image="alt"></span></p>'],
    [
      'references decoded; an unknown one as written',
      'a &amp; &#35; &#x22; &bogus; &#0;',
      '<p>a & # " &bogus; \ufffd</p>',
    ],
    [
      'inline code, strong, struck and emphasis',
      '`a` **b** ~~c~~ *d*',
      '<p><code>a</code> <strong>b</strong> <del>c</del> <em>d</em></p>',
    ],
    ['escapes as their character, code verbatim', '\\*a\\* `&amp;`', '<p>*a* <code>&amp;</code></p>'],
    [
      'direction controls as their code point',
      'x\u202ey\u2066',
      '<p>x<span data-ask-ai-control="direction">' +
        'U+202E</span>y<span data-ask-ai-control="direction">U+2066</span></p>',
    ],
    ['a hard break, and no trailing spaces', 'line  \nnext   ', '<p>line<br></br>next</p>'],
    [
      'a reference link resolved, its definition not shown',
      '[ref]\n\n[ref]: https://a.b',
      '<p><a href="https://a.b">ref</a></p>',
    ],
    ['inline raw HTML as text', 'a <b>b</b>', '<p>a <b>b</b></p>'],
    ['fenced code verbatim', '```js\nconst a = 1;\n```', '<pre><code>const a = 1;</code></pre>'],
  ])('%s', (_rule, markdown, html) => {
    expect(treeHtml(parseMarkdown(markdown))).toBe(html);
  });

  it('keeps an answer too long to parse as one plain block, as written', () => {
    const long = `*${'a'.repeat(MAX_MARKDOWN_LENGTH)}*`;
    expect(parseMarkdown(long)).toEqual([{ tag: 'div', attributes: { 'data-ask-ai-plain': '' }, children: [long] }]);
  });
});
