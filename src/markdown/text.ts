import { parseBlocks } from './stream';
import type { MarkdownElement, MarkdownNode } from './tree';
const BLOCKS = new Set('p h1 h2 h3 h4 h5 h6 blockquote pre ul ol table hr div'.split(' '));

/**
 * The plain text of a parsed answer: blocks apart by a blank line, list items on their own line
 * with a bullet or number, table cells apart by a tab, code verbatim, a link's target after its
 * text. Markers the parser read as syntax are gone; escaped ones (`\*`) stay as written text.
 */
export function markdownText(nodes: readonly MarkdownNode[]): string {
  return blocksText(nodes)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function blocksText(nodes: readonly MarkdownNode[]): string {
  let out = '';
  let afterBlock = false;
  for (const node of nodes) {
    const text = nodeText(node);
    const block = typeof node !== 'string' && BLOCKS.has(node.tag);
    // Text beside a block (a list item's heading and its line after) goes on a line of its own.
    if (block) out += `${out === '' ? '' : '\n\n'}${text}`;
    else out += `${afterBlock && text !== '' ? '\n' : ''}${text}`;
    // An empty piece between a block and text does not join them.
    afterBlock = block || (afterBlock && text === '');
  }
  return out;
}

function nodeText(node: MarkdownNode): string {
  if (typeof node === 'string') return node;
  const { tag, children, attributes } = node;
  switch (tag) {
    case 'br':
      return '\n';
    case 'hr':
      return '';
    case 'pre':
      return children.map(nodeText).join('').replace(/\n$/, '');
    case 'ul':
    case 'ol': {
      const start = typeof attributes.start === 'number' ? attributes.start : Number(attributes.start ?? 1) || 1;
      return children
        .filter((child): child is MarkdownElement => typeof child !== 'string' && child.tag === 'li')
        .map((item, index) => `${tag === 'ol' ? `${start + index}.` : '•'} ${listItemText(item)}`)
        .join('\n');
    }
    case 'table':
      return children
        .map(nodeText)
        .filter((row) => row !== '')
        .join('\n');
    case 'thead':
    case 'tbody':
      return children
        .map(nodeText)
        .filter((row) => row !== '')
        .join('\n');
    case 'tr':
      return children.map((cell) => nodeText(cell).trim()).join('\t');
    case 'blockquote':
      return blocksText(children);
    case 'span':
      // A direction control shown as its code point is not part of the text handed over.
      if ('data-ask-ai-control' in attributes) return '';
      return imageText(node) ?? children.map(nodeText).join('');
    case 'del':
      // Struck-through text says "not this": plain text keeps the markers rather than the words alone.
      return `~~${children.map(nodeText).join('')}~~`;
    case 'a': {
      const text = children.map(nodeText).join('');
      const href = String(attributes.href ?? '');
      return href && href !== text && `mailto:${text}` !== href ? `${text} (${href})` : text;
    }
    default:
      if ('data-ask-ai-plain' in attributes) return children.map(nodeText).join('');
      return BLOCKS.has(tag) ? blocksText(children) : children.map(nodeText).join('');
  }
}

/** An image (never loaded) as its description in brackets, apart from the words around it; none without one. */
export function imageText(node: MarkdownElement): string | null {
  if (!('data-ask-ai-image' in node.attributes)) return null;
  const alt = node.children.map(nodeText).join('').trim();
  return alt === '' ? '' : `[${alt}]`;
}

function listItemText(item: MarkdownElement): string {
  return blocksText(item.children).replace(/\n\n/g, '\n').replace(/\n/g, '\n  ');
}

/** The plain text handed to the host: from the same parse as what the dialog shows. */
export function answerText(markdown: string): string {
  try {
    return markdownText(parseBlocks(markdown));
  } catch {
    // What cannot be parsed is shown as written (the error boundary); it is handed over as written too.
    return markdown;
  }
}
