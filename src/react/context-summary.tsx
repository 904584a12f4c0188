import { memo } from 'react';
import type { SentContext } from '../session';
import type { AskAiMessages } from '../i18n';
import { cutText } from '../client/well-formed-text';

/** How much of the selection the dialog shows, so the editor sees what the task works on. */
const EXCERPT_CHARS = 240;

export interface ContextSummaryProps {
  readonly context: SentContext;
  readonly messages: AskAiMessages;
}

/** What goes with the task, and a visible note where it was cut to the size limit. */
export const ContextSummary = memo(function ContextSummary({
  context: { value: context, cut, limit },
  messages: m,
}: ContextSummaryProps) {
  const c = (context ?? {}) as {
    selection?: string;
    document?: string;
    recordTable?: string;
    recordUid?: number | string;
  };
  const parts: string[] = [];
  if (c.selection) parts.push(m.contextSelection(c.selection.length));
  if (c.document) parts.push(m.contextDocument(c.document.length));
  if (c.recordTable && c.recordUid !== undefined) parts.push(m.contextRecord(c.recordTable, String(c.recordUid)));
  return (
    <div className="ask-ai-context" data-ask-ai-part="context" data-cut={cut.length > 0 || undefined}>
      <span className="ask-ai-context-label">{m.context}: </span>
      {parts.length === 0 ? m.contextNone : parts.join(' · ')}
      {c.selection && (
        <blockquote className="ask-ai-selection" data-ask-ai-part="selection" dir="auto">
          {c.selection.length > EXCERPT_CHARS ? `${cutText(c.selection, EXCERPT_CHARS).trimEnd()}…` : c.selection}
        </blockquote>
      )}
      {[...new Set(cut.map((part) => (part === 'selectionMarkdown' ? 'selection' : part)))].map((part) => (
        <p key={part} className="ask-ai-note" data-ask-ai-part="context-cut">
          {m.contextCut(part, limit)}
        </p>
      ))}
    </div>
  );
});
