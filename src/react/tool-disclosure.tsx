import type { OfferedTool } from '../client';
import { failureLines, localize, type AskAiMessages, type ToolListState } from '../session';

export interface ToolDisclosureProps {
  readonly tools: ToolListState;
  readonly onRetry: () => void;
  readonly messages: AskAiMessages;
}

const toolLabel = (tool: OfferedTool, m: AskAiMessages) =>
  tool.name === '' ? m.unnamedTool : (tool.label ?? tool.name);

/**
 * What the AI may use and what it may not, and why: always present, collapsed by default. A UI
 * never calls a tool "read-only" from its traits (CONTRACT.md §1); it says why one is withheld.
 */
export function ToolDisclosure({ tools: { status, data: tools, failure }, onRetry, messages: m }: ToolDisclosureProps) {
  const available = tools?.unattended ?? [];
  const withheld = tools?.withheld ?? [];
  if (status === 'error') {
    // A list that could not be loaded is said in the open, not inside a collapsed disclosure.
    return (
      <div className="ask-ai-tools" data-ask-ai-part="tools" data-state="error">
        <p className="ask-ai-note" data-ask-ai-part="tools-error">
          {[
            m.toolsFailed,
            ...(failure ? failureLines(failure, false).map((line) => localize(line, m)) : []),
            m.toolsUnavailableNote,
          ].join(' ')}{' '}
          <button type="button" className="ask-ai-link-button" onClick={onRetry}>
            {m.toolsRetry}
          </button>
        </p>
      </div>
    );
  }
  return (
    <details className="ask-ai-tools" data-ask-ai-part="tools" data-state={status}>
      <summary>{status === 'pending' ? m.toolsLoading : m.tools(available.length, withheld.length)}</summary>
      {status === 'success' && (
        <div className="ask-ai-tool-lists">
          <section>
            <h3 className="ask-ai-subheading">{m.availableToTheAi}</h3>
            {available.length === 0 ? (
              <p className="ask-ai-note">{m.none}</p>
            ) : (
              <ul className="ask-ai-tool-list" aria-label={m.availableToTheAi}>
                {available.map((tool) => (
                  <li key={tool.name} title={tool.description ?? undefined} data-tool={tool.name}>
                    {toolLabel(tool, m)}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3 className="ask-ai-subheading">{m.withheld}</h3>
            {withheld.length === 0 ? (
              <p className="ask-ai-note">{m.none}</p>
            ) : (
              <ul className="ask-ai-tool-list" aria-label={m.withheld}>
                {withheld.map((tool, index) => (
                  <li key={`${tool.name}-${index}`} data-tool={tool.name} data-reason={tool.reason}>
                    {toolLabel(tool, m)} <span className="ask-ai-reason">({m.withheldReason[tool.reason]})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </details>
  );
}
