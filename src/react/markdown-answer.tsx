import { createElement, memo, type ReactNode } from 'react';
import { markdownText, parseMarkdown, type MarkdownNode } from './markdown-tree';

function render(node: MarkdownNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const children = node.children.map(render);
  if (node.tag === 'a') {
    return createElement('a', { key, ...node.attributes, rel: 'noopener noreferrer', target: '_blank' }, ...children);
  }
  // Void elements take no children.
  if (node.tag === 'br' || node.tag === 'hr') return createElement(node.tag, { key });
  return createElement(node.tag, { key, ...node.attributes }, ...children);
}

/** Markdown rendered to React elements from the allow-listed tree: never `innerHTML`. */
const MarkdownAnswer = memo(function MarkdownAnswer({ markdown }: { markdown: string }) {
  return <div>{parseMarkdown(markdown).map(render)}</div>;
});

export default MarkdownAnswer;

/** The plain text handed to the host: from the same parse as what the dialog shows. */
export function answerText(markdown: string): string {
  try {
    return markdownText(parseMarkdown(markdown));
  } catch {
    // What cannot be parsed is shown as written (the error boundary); it is handed over as written too.
    return markdown;
  }
}
