import { compiler } from 'markdown-to-jsx';
import { createElement, memo, type ReactNode } from 'react';

/** The elements markdown may produce here; anything else becomes a plain `span`. */
const ALLOWED = new Set([
  'p',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'sup',
  'sub',
]);

const SAFE_ATTRIBUTES = new Set(['key', 'start', 'align', 'title', 'children']);
const SAFE_LINK = /^(https?:|mailto:)/i;

function safeProps(props: Record<string, unknown> | null): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props ?? {})) if (SAFE_ATTRIBUTES.has(name)) kept[name] = value;
  return kept;
}

/**
 * Every element markdown-to-jsx asks for passes here: tags outside the list become a span, event
 * handlers, styles and ids are dropped, links keep only `http(s):` and `mailto:` targets, and an
 * image shows its alt text (no request leaves the page for it).
 */
function createSafeElement(tag: unknown, props: Record<string, unknown> | null, ...children: ReactNode[]): ReactNode {
  const key = props?.key as string | undefined;
  if (tag === 'a') {
    const href = typeof props?.href === 'string' ? props.href.trim() : '';
    if (!SAFE_LINK.test(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, rel: 'noopener noreferrer', target: '_blank' }, ...children);
  }
  if (tag === 'img') return createElement('span', { key }, typeof props?.alt === 'string' ? props.alt : '');
  if (typeof tag !== 'string' || !ALLOWED.has(tag)) return createElement('span', { key }, ...children);
  return createElement(tag, safeProps(props), ...children);
}

const OPTIONS = {
  // Raw HTML in the answer is shown as the text it is, never parsed into elements.
  disableParsingRawHTML: true,
  forceBlock: true,
  wrapper: 'div',
  createElement: createSafeElement as never,
} as const;

/** Markdown rendered to React elements: never `innerHTML`. */
const MarkdownAnswer = memo(function MarkdownAnswer({ markdown }: { markdown: string }) {
  return <>{compiler(markdown, OPTIONS)}</>;
});

export default MarkdownAnswer;
