// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownFragment } from '../../src/markdown/dom';

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
});
