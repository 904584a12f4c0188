import { describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../src/markdown/limits';
import { parseMarkdown } from '../../src/markdown/parse';
import { markdownText } from '../../src/markdown/text';
import type { MarkdownNode } from '../../src/markdown/tree';

/** How many blockquotes deep the tree goes. */
function quoteDepth(nodes: readonly MarkdownNode[]): number {
  let deepest = 0;
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    const below = quoteDepth(node.children);
    deepest = Math.max(deepest, node.tag === 'blockquote' ? below + 1 : below);
  }
  return deepest;
}

describe('the nesting cap', () => {
  it(`keeps ${MAX_NESTING} levels of quotes and shows deeper markers as the text they are`, () => {
    const deep = parseMarkdown(`${'> '.repeat(MAX_NESTING + 4)}deep`);
    expect(MAX_NESTING).toBe(16);
    expect(quoteDepth(deep)).toBe(MAX_NESTING);
    expect(markdownText(deep)).toContain('> > > > deep');
  });

  it('keeps exactly the cap, not one level less', () => {
    expect(quoteDepth(parseMarkdown(`${'> '.repeat(MAX_NESTING)}at the cap`))).toBe(MAX_NESTING);
  });
});
