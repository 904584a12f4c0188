// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownFragment } from '../../src/markdown/dom';
import { textParagraphs } from '../../src/markdown/paragraphs';

const html = (markdown: string) => {
  const holder = document.createElement('div');
  holder.append(markdownFragment(markdown, document));
  return holder.innerHTML;
};

describe('the answer as DOM for an editor', () => {
  it('builds the editor’s elements from the parse: paragraphs, emphasis, lists, tables, safe links', () => {
    expect(html('A **b** *c*\n\n- one\n- two\n\nSee [the site](https://example.org).')).toBe(
      '<p>A <strong>b</strong> <em>c</em></p><ul><li>one</li><li>two</li></ul>' +
        '<p>See <a href="https://example.org">the site</a>.</p>',
    );
    expect(html('| a | b |\n|---|---|\n| 1 | 2 |')).toMatch(/<td>\s*1\s*<\/td><td>\s*2\s*<\/td>/);
  });

  it('keeps raw HTML and unsafe links as text', () => {
    const out = html('<img src=x onerror="alert(1)"> <script>alert(2)</script> [bad](javascript:alert(3))');
    expect(out).not.toMatch(/<img|<script|href=/);
    expect(out).toContain('&lt;img src=x onerror="alert(1)"&gt;');
  });

  it('turns text it cannot parse as markdown into paragraphs, nothing lost', () => {
    const deep = `${'>'.repeat(40)} deep`;
    expect(html(deep).replace(/<[^>]+>/g, '')).toContain('deep');
  });

  it('keeps only a link’s target and a list’s start, never the view’s own attributes', () => {
    expect(html('3. a\n4. [b](https://x.y "T")\n\n| a |\n|:-|\n| 1 |')).toBe(
      '<ol start="3"><li>a</li><li><a href="https://x.y">b</a></li></ol>' +
        '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
    );
  });

  it('gives a list starting at 1 no start', () => {
    expect(html('1. a')).toBe('<ol><li>a</li></ol>');
  });

  it('gives an image as its description, a direction control as nothing, task items with their state', () => {
    expect(html('![a cat](c.png) x\u202e y')).toBe('<p>[a cat] x y</p>');
    expect(html('- [x] done')).toBe('<ul><li>[x] done</li></ul>');
  });

  it('turns raw HTML into paragraphs of its text, its line breaks kept, controls left out', () => {
    expect(html('<div>\na\u202e\n\n</div>\n\nnext')).toBe('<p>&lt;div&gt;<br>a</p><p>&lt;/div&gt;</p><p>next</p>');
  });
});

describe('textParagraphs', () => {
  const paragraphs = (text: string) =>
    textParagraphs(text, document)
      .map((p) => p.outerHTML)
      .join('');

  it('makes a paragraph of each block, a <br> of each single line break, nothing of blank blocks', () => {
    expect(paragraphs('one\ntwo\n\n\n  \n\nthree <b>')).toBe('<p>one<br>two</p><p>three &lt;b&gt;</p>');
    expect(paragraphs('\n\n')).toBe('');
  });
});
