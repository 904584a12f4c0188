import { textParagraphs } from './paragraphs';
import { parseBlocks } from './stream';
import { imageText } from './text';
import { plainBlock, type MarkdownNode } from './tree';

/**
 * The answer as DOM nodes for a rich-text editor's own data pipeline (CKEditor's `domConverter`, a
 * contenteditable's `insertHTML`): built from the same allow-listed parse the dialog shows, with
 * `createElement` and text nodes only — never `innerHTML`. Raw HTML in the answer arrives as text; a
 * link keeps only an `http(s):`/`mailto:` target; an answer that cannot be parsed arrives as its
 * paragraphs of plain text. Nothing of the answer's text is dropped.
 */
export function markdownFragment(markdown: string, doc: Document = document): DocumentFragment {
  let nodes: readonly MarkdownNode[];
  try {
    nodes = parseBlocks(markdown);
  } catch {
    nodes = [plainBlock(markdown)];
  }
  const fragment = doc.createDocumentFragment();
  for (const node of nodes) fragment.append(...toDom(node, doc));
  return fragment;
}

/** The attributes an editor may keep; the rest of the tree's attributes are for the dialog's own view. */
const KEPT: Readonly<Record<string, readonly string[]>> = { a: ['href'], ol: ['start'] };

function toDom(node: MarkdownNode, doc: Document): Node[] {
  if (typeof node === 'string') return [doc.createTextNode(node)];
  const { tag, attributes, children } = node;
  // Text kept as written becomes paragraphs, its single line breaks <br>.
  if ('data-ask-ai-plain' in attributes) return textParagraphs(children.map(textOf).join(''), doc);
  if ('data-ask-ai-control' in attributes) return [];
  if (tag === 'span') {
    const image = imageText(node);
    return image === null ? children.flatMap((child) => toDom(child, doc)) : [doc.createTextNode(image)];
  }
  const element = doc.createElement(tag);
  for (const name of KEPT[tag] ?? []) {
    const value = attributes[name];
    if (value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children) element.append(...toDom(child, doc));
  return [element];
}

function textOf(node: MarkdownNode): string {
  if (typeof node === 'string') return node;
  return 'data-ask-ai-control' in node.attributes ? '' : node.children.map(textOf).join('');
}
