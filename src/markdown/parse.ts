import { Lexer, type Token, type Tokens } from 'marked';
import { decodeReferences } from './entities';
import { capNesting } from './limits';
import { element, plainBlock, SAFE_LINK, type MarkdownNode } from './tree';

/**
 * CommonMark with GitHub's tables, strike-through, task items and bare links (marked's lexer). Only
 * its tokens are used: the tree below is built from them, so no HTML string is ever made.
 */
const OPTIONS = { gfm: true, breaks: false } as const;

/** The top-level tokens of a piece of markdown (its nesting capped first), in order. */
export function lexBlocks(markdown: string): Token[] {
  return lexCapped(capNesting(markdown) ?? '');
}

/** The top-level tokens of markdown whose nesting is capped already. */
export function lexCapped(capped: string): Token[] {
  return new Lexer(OPTIONS).lex(capped);
}

/** The answer parsed once: its top-level blocks. A huge answer stays plain text. */
export function parseMarkdown(markdown: string): readonly MarkdownNode[] {
  const capped = capNesting(markdown);
  return capped === null ? [plainBlock(markdown)] : blockNodes(lexCapped(capped));
}

/** The tree of top-level tokens, with explicit direction controls made visible (`markControls`). */
export function blockNodes(tokens: readonly Token[]): MarkdownNode[] {
  return markControls(blocks(tokens));
}

function blocks(tokens: readonly Token[]): MarkdownNode[] {
  return tokens.flatMap(blockNode);
}

/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they can reorder the text around them. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * An explicit direction control in the answer (the "Trojan Source" characters) is shown as what it is, a
 * marked `U+202E`, instead of silently reordering the text after it; it is not handed over.
 */
export function markControls(nodes: readonly MarkdownNode[]): MarkdownNode[] {
  return nodes.flatMap((node) => {
    if (typeof node !== 'string') {
      return [element(node.tag, node.attributes as Record<string, string | number>, markControls(node.children))];
    }
    if (!DIRECTION_CONTROL.test(node)) return [node];
    return node
      .split(/([\u202A-\u202E\u2066-\u2069])/)
      .filter((part) => part !== '')
      .map((part) =>
        DIRECTION_CONTROL.test(part)
          ? element('span', { 'data-ask-ai-control': 'direction' }, [
              `U+${part.codePointAt(0)!.toString(16).toUpperCase()}`,
            ])
          : part,
      );
  });
}

const text = (value: string) => decodeReferences(value);

function blockNode(token: Token): MarkdownNode[] {
  switch (token.type) {
    case 'space':
    case 'def':
      // A definition shows nothing: the links that use it do.
      return [];
    case 'paragraph':
      return [element('p', {}, trimEnd(inlineNodes(token.tokens ?? [])))];
    case 'heading':
      return [
        element(`h${Math.min(Math.max((token as Tokens.Heading).depth, 1), 6)}`, {}, inlineNodes(token.tokens ?? [])),
      ];
    case 'code':
      return [element('pre', {}, [element('code', {}, [(token as Tokens.Code).text])])];
    case 'blockquote':
      return [element('blockquote', {}, blocks(token.tokens ?? []))];
    case 'hr':
      return [element('hr', {}, [])];
    case 'list':
      return [list(token as Tokens.List)];
    case 'table':
      return [table(token as Tokens.Table)];
    case 'html':
      // Raw HTML is shown as the text it is, never parsed into elements.
      return [plainBlock(token.raw.replace(/\n+$/, ''))];
    case 'checkbox':
      return inlineNode(token);
    case 'text':
      // A tight list item's text: inline content without a paragraph around it.
      return token.tokens ? inlineNodes(token.tokens) : [text(token.text ?? token.raw)];
    default:
      return [plainBlock(token.raw)];
  }
}

function list(token: Tokens.List): MarkdownNode {
  const start = typeof token.start === 'number' ? token.start : Number(token.start) || 1;
  const items = token.items.map((item) => element('li', {}, blocks(item.tokens)));
  return token.ordered ? element('ol', start === 1 ? {} : { start }, items) : element('ul', {}, items);
}

function table(token: Tokens.Table): MarkdownNode {
  const cell = (tag: 'th' | 'td', value: Tokens.TableCell) =>
    element(tag, value.align ? { align: value.align } : {}, inlineNodes(value.tokens));
  return element('table', {}, [
    element('thead', {}, [
      element(
        'tr',
        {},
        token.header.map((value) => cell('th', value)),
      ),
    ]),
    element(
      'tbody',
      {},
      token.rows.map((row) =>
        element(
          'tr',
          {},
          row.map((value) => cell('td', value)),
        ),
      ),
    ),
  ]);
}

/** A paragraph's final spaces are not part of it (CommonMark strips them before inline parsing). */
function trimEnd(nodes: MarkdownNode[]): MarkdownNode[] {
  const last = nodes.at(-1);
  if (typeof last === 'string') nodes[nodes.length - 1] = last.replace(/[ \t]+$/, '');
  return nodes;
}

export function inlineNodes(tokens: readonly Token[]): MarkdownNode[] {
  return tokens.flatMap(inlineNode);
}

function inlineNode(token: Token): MarkdownNode[] {
  switch (token.type) {
    case 'text':
      return token.tokens
        ? inlineNodes(token.tokens)
        : [(token as Tokens.Text).escaped ? token.text : text(token.text)];
    case 'escape':
      return [token.text];
    case 'strong':
    case 'em':
    case 'del':
      return [element(token.type, {}, inlineNodes(token.tokens ?? []))];
    case 'codespan':
      return [element('code', {}, [token.text])];
    case 'br':
      return [element('br', {}, [])];
    case 'checkbox':
      // A task item's state stays visible, as written: in the dialog, in the text and in an editor.
      return [
        element('span', { 'data-ask-ai-task': token.checked ? 'done' : 'open' }, [token.checked ? '[x] ' : '[ ] ']),
      ];
    case 'link': {
      const href = text(token.href ?? '').trim();
      const attributes: Record<string, string> = { href };
      if (token.title) attributes.title = text(token.title);
      const children = inlineNodes(token.tokens ?? []);
      return [SAFE_LINK.test(href) ? element('a', attributes, children) : element('span', {}, children)];
    }
    case 'image':
      // Its alt text in a marked span: no request leaves the page for it.
      return [element('span', { 'data-ask-ai-image': 'alt' }, [plainText(token.tokens ?? [], token.text)])];
    default:
      // Raw HTML (and anything else) is shown as the text it is, never parsed into elements.
      return [token.raw];
  }
}

/** An image's description: the text of its tokens, without their markup (CommonMark's alt). */
function plainText(tokens: readonly Token[], fallback: string): string {
  if (tokens.length === 0) return text(fallback);
  return tokens
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens, '');
      if (token.type === 'escape' || token.type === 'codespan') return token.text;
      if (token.type === 'text') return (token as Tokens.Text).escaped ? token.text : text(token.text);
      return token.raw;
    })
    .join('');
}
