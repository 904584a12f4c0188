import { compiler } from 'markdown-to-jsx';
import { capNesting } from './markdown-limits';

/**
 * A parsed answer: text, or an allow-listed element with safe attributes. Both what the dialog
 * renders and the plain text it hands over come from this one parse, so they cannot disagree.
 */
export type MarkdownNode = string | MarkdownElement;

export interface MarkdownElement {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string | number>>;
  readonly children: readonly MarkdownNode[];
}

/** The elements markdown may produce here; anything else becomes a plain `span`. */
const ALLOWED = new Set([
  ...'p strong em del code pre ul ol li blockquote h1 h2 h3 h4 h5 h6 hr br'.split(' '),
  ...'table thead tbody tr th td span div sup sub a'.split(' '),
]);

const SAFE_ATTRIBUTES = new Set(['start', 'align', 'title']);

/**
 * Only absolute `http(s):` and `mailto:` targets make a live link. markdown-to-jsx has already
 * decoded entities and rejected `javascript:`; this also keeps relative and protocol-relative
 * (`//host`) links, `ftp:`, and every `data:` URL as text.
 */
export const SAFE_LINK = /^(?:https?:\/\/[^/\s]|mailto:[^\s])/i;

function flatten(children: readonly unknown[], into: MarkdownNode[] = []): MarkdownNode[] {
  for (const child of children) {
    if (Array.isArray(child)) flatten(child, into);
    else if (typeof child === 'string') into.push(child);
    else if (typeof child === 'number') into.push(String(child));
    else if (isElement(child)) into.push(child);
  }
  return into;
}

function isElement(value: unknown): value is MarkdownElement {
  return typeof value === 'object' && value !== null && 'tag' in value && 'children' in value;
}

function element(tag: string, attributes: Record<string, string | number>, children: readonly unknown[]) {
  return { tag, attributes, children: flatten(children) } satisfies MarkdownElement;
}

/**
 * Every element markdown-to-jsx asks for passes here: tags outside the list become a span, event
 * handlers, styles, classes and ids are dropped, a link keeps only a safe target, and an image
 * becomes its alt text in a marked span (no request leaves the page for it).
 */
function createSafeElement(tag: unknown, props: Record<string, unknown> | null, ...children: unknown[]) {
  if (tag === 'a') {
    const href = typeof props?.href === 'string' ? props.href.trim() : '';
    return SAFE_LINK.test(href) ? element('a', { href }, children) : element('span', {}, children);
  }
  if (tag === 'img')
    return element('span', { 'data-ask-ai-image': 'alt' }, [typeof props?.alt === 'string' ? props.alt : '']);
  if (typeof tag !== 'string' || !ALLOWED.has(tag)) return element('span', {}, children);
  const attributes: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(props ?? {})) {
    if (SAFE_ATTRIBUTES.has(name) && (typeof value === 'string' || typeof value === 'number')) attributes[name] = value;
  }
  return element(tag, attributes, children);
}

const OPTIONS = {
  // Raw HTML in the answer is shown as the text it is, never parsed into elements.
  disableParsingRawHTML: true,
  forceBlock: true,
  // Always the wrapper as the root: with one top-level block the parser would return that block
  // itself, and its children would be taken for the answer's blocks (a list would lose its <ul>).
  forceWrapper: true,
  wrapper: 'div',
  createElement: createSafeElement as never,
} as const;

/** The answer as plain text, kept as written (line breaks included): for what cannot be parsed safely. */
export function plainBlock(text: string): MarkdownElement {
  return element('div', { 'data-ask-ai-plain': '' }, [text]);
}

/** The answer parsed once: the top-level blocks. Nesting is capped first; a huge answer stays plain text. */
export function parseMarkdown(markdown: string): readonly MarkdownNode[] {
  const capped = capNesting(markdown);
  if (capped === null) return [plainBlock(markdown)];
  const root: unknown = compiler(capped, OPTIONS);
  // Line breaks the parser leaves between blocks show as nothing; without them the answer's blocks
  // are the same however it was split (the streamed parse relies on that).
  return (isElement(root) ? root.children : flatten([root])).filter(
    (node) => typeof node !== 'string' || node.trim() !== '',
  );
}

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
  for (const node of nodes) {
    const text = nodeText(node);
    if (typeof node !== 'string' && BLOCKS.has(node.tag)) out += `${out === '' ? '' : '\n\n'}${text}`;
    else out += text;
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

function listItemText(item: MarkdownElement): string {
  return blocksText(item.children).replace(/\n\n/g, '\n').replace(/\n/g, '\n  ');
}
