import type { AskAiMessages } from '../i18n';
import { answerText } from './markdown-answer';
import { VISUALLY_HIDDEN as HIDDEN } from './visually-hidden';
import { wordDiff, type DiffPart } from './word-diff';

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

/** What an answer changes in a selection: too long to compare, too many changes (`null`), or the parts. */
interface Changes {
  readonly tooLong: boolean;
  readonly parts: readonly DiffPart[] | null;
}

let last: { selection: string; markdown: string; changes: Changes } | null = null;

/**
 * What the answer changes in the selection, remembered for the last pair asked: the card asks once the
 * answer is done, in a task of its own, so that "Show changes" only shows (the diff at its bound is
 * ~10 ms, half of what showing costs).
 */
export function changesOf(selection: string, markdown: string): Changes {
  if (last?.selection === selection && last.markdown === markdown) return last.changes;
  // Past the cap the comparison is not made (80,000 words once froze the page for seconds).
  const tooLong = countWords(selection) > MAX_DIFF_WORDS || countWords(markdown) > MAX_DIFF_WORDS;
  // `null`: more words removed and added than the diff looks for.
  const changes = { tooLong, parts: tooLong ? [] : wordDiff(selection, answerText(markdown)) };
  last = { selection, markdown, changes };
  return changes;
}

/** Whether the changes are a list (not a note that they are too long to compare or too many to list). */
export function listsChanges(selection: string, markdown: string): boolean {
  const { tooLong, parts } = changesOf(selection, markdown);
  return !tooLong && parts !== null;
}

/**
 * What the answer changes in the selection, word by word: removed words struck through, added ones
 * marked, each with a text a screen reader announces ("removed", "added"); "No changes" above an answer
 * that keeps every word. Shown in the answer card in the answer's place; a note that they are too long
 * to compare or too many to list, under the answer. Loads as its own chunk.
 */
export default function AnswerChanges(props: {
  id?: string;
  selection: string;
  markdown: string;
  messages: AskAiMessages;
}) {
  const { messages: m } = props;
  // Worked out before, as a rule: the card asks for the same pair once the answer is done.
  const { tooLong, parts: diffed } = changesOf(props.selection, props.markdown);
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
