import { useMemo } from 'react';
import type { AskAiMessages } from '../session';
import { answerText } from './markdown-answer';
import { VISUALLY_HIDDEN as HIDDEN } from './visually-hidden';
import { wordDiff } from './word-diff';

/**
 * The most words on either side that are compared (the selection, the answer). With the diff's own bound
 * (`MAX_WORD_EDITS` words removed and added) it keeps Show changes within one 50 ms task in Chromium.
 */
export const MAX_DIFF_WORDS = 2_000;

function countWords(text: string): number {
  let words = 0;
  for (const _ of text.matchAll(/\S+/g)) if (++words > MAX_DIFF_WORDS) break;
  return words;
}

/**
 * What the answer changes in the selection, word by word: removed words struck through, added ones
 * marked, each with a text a screen reader announces ("removed", "added"); "No changes" above an answer
 * that keeps every word. Shown in the answer card in the answer's place. Loads as its own chunk.
 */
export default function AnswerChanges(props: {
  id?: string;
  selection: string;
  markdown: string;
  messages: AskAiMessages;
}) {
  const { messages: m } = props;
  // Past the cap the comparison is not made (80,000 words once froze the page for seconds).
  const tooLong = useMemo(
    () => countWords(props.selection) > MAX_DIFF_WORDS || countWords(props.markdown) > MAX_DIFF_WORDS,
    [props.selection, props.markdown],
  );
  // `null`: more words removed and added than the diff looks for.
  const diffed = useMemo(
    () => (tooLong ? [] : wordDiff(props.selection, answerText(props.markdown))),
    [tooLong, props.selection, props.markdown],
  );
  // An answer that rewrites much of the selection: a list of every word changed would say nothing.
  const tooMany = diffed === null;
  const parts = diffed ?? [];
  const unchanged = !tooLong && !tooMany && parts.every((part) => part.type === 'same');
  return (
    <section id={props.id} className="ask-ai-changes" data-ask-ai-part="changes" aria-label={m.changes}>
      {tooLong && <p data-ask-ai-part="changes-too-long">{m.changesTooLong(MAX_DIFF_WORDS)}</p>}
      {tooMany && <p data-ask-ai-part="changes-too-many">{m.changesTooMany}</p>}
      {unchanged && (
        <p className="ask-ai-note" data-ask-ai-part="no-changes">
          {m.noChanges}
        </p>
      )}
      <p hidden={tooLong || tooMany}>
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
