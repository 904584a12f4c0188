import { useEffect, useRef, useState } from 'react';
import type { TaskResult } from '../client';
import type { AnswerHandler } from '../editors/apply';
import type { AskAiMessages } from '../i18n';
import { CopyIcon } from './action-icons';
import { handedAnswer } from '../session/handed-answer';
import { copyText } from './copy-text';

const COPY_FEEDBACK_MS = 4000;

/**
 * "Copy" for the answer in view: the plain text to the clipboard (the host's `onCopy` sees it too), and
 * for a few seconds "Copied" or why it could not. A new answer starts without that feedback.
 */
export function CopyButton({
  result,
  onCopy,
  messages: m,
}: {
  result: TaskResult;
  onCopy: AnswerHandler | undefined;
  messages: AskAiMessages;
}) {
  const [copy, setCopy] = useState<{ for: TaskResult; state: 'copied' | 'failed' } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!copy) return;
    const timer = setTimeout(() => setCopy(null), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const copyAnswer = async () => {
    const handed = await handedAnswer(result);
    onCopy?.(handed, result.meta);
    const near = button.current?.parentElement;
    const copied = near ? await copyText(handed.text, near) : false;
    setCopy(copied ? { for: result, state: 'copied' } : onCopy ? null : { for: result, state: 'failed' });
  };
  const state = copy?.for === result ? copy.state : null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="ask-ai-link-button"
        data-ask-ai-part="copy"
        onClick={() => void copyAnswer()}
      >
        <CopyIcon />
        {m.copy}
      </button>
      {state && (
        <span role="status" className="ask-ai-copy-state">
          {state === 'copied' ? m.copied : m.copyFailed}
        </span>
      )}
    </>
  );
}
