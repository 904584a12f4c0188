/**
 * A parsed answer: text, or an allow-listed element with safe attributes. What the dialog renders,
 * the plain text it hands over and the DOM it gives a rich-text editor all come from this one tree, so
 * they cannot disagree.
 */
export type MarkdownNode = string | MarkdownElement;

export interface MarkdownElement {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string | number>>;
  readonly children: readonly MarkdownNode[];
}

/**
 * Only absolute `http(s):` and `mailto:` targets make a live link. This also keeps relative and
 * protocol-relative (`//host`) links, `javascript:`, `ftp:` and every `data:` URL as text.
 */
export const SAFE_LINK = /^(?:https?:\/\/[^/\s]|mailto:[^\s])/i;

export function element(
  tag: string,
  attributes: Record<string, string | number>,
  children: readonly MarkdownNode[],
): MarkdownElement {
  return { tag, attributes, children };
}

/** The answer as plain text, kept as written (line breaks included): for what is not parsed. */
export function plainBlock(text: string): MarkdownElement {
  return element('div', { 'data-ask-ai-plain': '' }, [text]);
}
