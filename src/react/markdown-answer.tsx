import { createElement, memo, useState, type ReactNode } from 'react';
import { MarkdownStream } from '../markdown/stream';
import type { MarkdownNode } from '../markdown/tree';

export { answerText } from '../markdown/text';

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

/** One top-level block: rendered again only when its parse changed (the open tail, while streaming). */
const Block = memo(function Block({ nodes }: { nodes: readonly MarkdownNode[] }) {
  return <>{nodes.map(render)}</>;
});

/**
 * Markdown rendered to React elements from the allow-listed tree: never `innerHTML`. A streamed answer
 * is parsed block by block (`MarkdownStream`): each delta parses and renders only the open tail, closed
 * for display while `streaming`.
 */
const MarkdownAnswer = memo(function MarkdownAnswer({ markdown, streaming }: { markdown: string; streaming: boolean }) {
  const [stream] = useState(() => new MarkdownStream());
  return (
    <div className="ask-ai-answer-blocks">
      {stream.update(markdown, streaming).map((block) => (
        <Block key={block.key} nodes={block.nodes} />
      ))}
    </div>
  );
});

export default MarkdownAnswer;
