import { useMemo } from 'react';
import type { AskAiMessages } from '../session';
import { answerText } from './markdown-answer';
import { VISUALLY_HIDDEN as HIDDEN } from './visually-hidden';
import { wordDiff } from './word-diff';

/**
 * What the answer changes in the selection, word by word: removed words struck through, added ones
 * marked, each with a text a screen reader announces ("removed", "added"). Loads as its own chunk.
 */
export default function AnswerChanges(props: { selection: string; markdown: string; messages: AskAiMessages }) {
  const { messages: m } = props;
  const parts = useMemo(() => wordDiff(props.selection, answerText(props.markdown)), [props.selection, props.markdown]);
  return (
    <section className="ask-ai-changes" data-ask-ai-part="changes" aria-label={m.changes}>
      <p>
        {parts.map((part, index) =>
          part.type === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.type === 'removed' ? (
            <del key={index}>
              <span style={HIDDEN}>[{m.removed}: </span>
              {part.text}
              <span style={HIDDEN}>]</span>
            </del>
          ) : (
            <ins key={index}>
              <span style={HIDDEN}>[{m.added}: </span>
              {part.text}
              <span style={HIDDEN}>]</span>
            </ins>
          ),
        )}
      </p>
    </section>
  );
}
