import type { MarkdownNode } from '../../src/markdown/tree';

/** A parsed tree written out as tags, for comparing trees in one line (text as is, never escaped). */
export function treeHtml(nodes: readonly MarkdownNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      const attributes = Object.entries(node.attributes)
        .map(([name, value]) => ` ${name}="${value}"`)
        .join('');
      return `<${node.tag}${attributes}>${treeHtml(node.children)}</${node.tag}>`;
    })
    .join('');
}
