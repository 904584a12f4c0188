import { useState } from 'react';
import type { TaskAnswer, TaskAnswerMeta, TaskResult } from '../client';
import type { AskAiMessages } from '../session';
import { answerOf } from './answer-view';

export type AnswerHandler = (answer: TaskAnswer, meta: TaskAnswerMeta) => void;

export interface ResultActionsProps {
  readonly result: TaskResult | null;
  readonly onInsert: AnswerHandler | undefined;
  readonly onReplace: AnswerHandler | undefined;
  readonly onCopy: AnswerHandler | undefined;
  /** Whether the editor has a selection to replace. */
  readonly canReplace: boolean;
  readonly showRetry: boolean;
  readonly onRetry: () => void;
  readonly messages: AskAiMessages;
}

/** Hands the answer to the host, or tries the task again. */
export function ResultActions({
  result,
  onInsert,
  onReplace,
  onCopy,
  canReplace,
  showRetry,
  onRetry,
  messages: m,
}: ResultActionsProps) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (!result && !showRetry) return null;
  /** Hands the answer over: its plain text comes from the same parse the dialog shows. */
  const handOver = (handler: AnswerHandler | undefined) => async () => {
    if (!result || !handler) return;
    handler(await answerOf(result), result.meta);
  };
  const copy = async () => {
    if (!result) return;
    const answer = await answerOf(result);
    onCopy?.(answer, result.meta);
    try {
      await navigator.clipboard.writeText(answer.text);
      setCopyState('copied');
    } catch {
      setCopyState(onCopy ? 'idle' : 'failed');
    }
  };
  return (
    <div className="ask-ai-actions" data-ask-ai-part="actions">
      {result && onInsert && (
        <button type="button" className="ask-ai-button ask-ai-primary" onClick={() => void handOver(onInsert)()}>
          {m.insert}
        </button>
      )}
      {result && onReplace && canReplace && (
        <button type="button" className="ask-ai-button" onClick={() => void handOver(onReplace)()}>
          {m.replaceSelection}
        </button>
      )}
      {result && (
        <button type="button" className="ask-ai-button" onClick={() => void copy()}>
          {m.copy}
        </button>
      )}
      {showRetry && (
        <button type="button" className="ask-ai-button" onClick={onRetry}>
          {m.tryAgain}
        </button>
      )}
      {copyState !== 'idle' && (
        <span className="ask-ai-note" role="status">
          {copyState === 'copied' ? m.copied : m.copyFailed}
        </span>
      )}
    </div>
  );
}
