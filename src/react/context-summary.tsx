import { memo } from 'react';
import type { SentContext } from '../session';
import type { AskAiMessages } from '../i18n';
import type { TaskSubject } from '../session/task-choice';

export interface ContextSummaryProps {
  readonly id: string;
  readonly context: SentContext;
  readonly subject: TaskSubject;
  readonly messages: AskAiMessages;
}

/**
 * What goes with a task, in the editor's words and one line ("Uses the selected text and this content
 * element."), and a visible note where the text was cut to the size limit.
 */
export const ContextSummary = memo(function ContextSummary({
  id,
  context: { value, cut, limit },
  subject,
  messages: m,
}: ContextSummaryProps) {
  const table = (value as { recordTable?: unknown } | undefined)?.recordTable;
  const record = typeof table === 'string' ? m.recordName(table) : null;
  const line =
    subject === 'image'
      ? m.usesImage
      : subject === 'selection'
        ? record
          ? m.usesSelectionIn(record)
          : m.usesSelection
        : subject === 'text'
          ? record
            ? m.usesTextIn(record)
            : m.usesText
          : m.usesNothing;
  return (
    <div className="ask-ai-context" data-ask-ai-part="context" data-cut={cut.length > 0 || undefined}>
      <p id={id} className="ask-ai-context-line">
        {line}
      </p>
      {[...new Set(cut.map((part) => (part === 'selectionMarkdown' ? 'selection' : part)))].map((part) => (
        <p key={part} className="ask-ai-note" data-ask-ai-part="context-cut">
          {m.contextCut(part, limit)}
        </p>
      ))}
    </div>
  );
});
