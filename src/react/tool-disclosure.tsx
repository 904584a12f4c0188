import { memo } from 'react';
import type { OfferedTool, WithheldTool } from '../client';
import type { ToolListState } from '../session';
import type { AskAiMessages } from '../i18n';
import { localize } from '../i18n/messages';
import { failureView } from '../session/outcome';
import { visibleName } from '../session/visible-name';

export interface ToolDisclosureProps {
  readonly tools: ToolListState;
  readonly messages: AskAiMessages;
}

/** A tool by its label; `<bdi>` keeps a right-to-left name from reordering what stands beside it. */
function ToolName({ tool, m }: { tool: OfferedTool; m: AskAiMessages }) {
  return (
    <bdi className="ask-ai-tool-name">{tool.name === '' ? m.unnamedTool : visibleName(tool.label ?? tool.name)}</bdi>
  );
}

/** The tools by the backend's group, groups and tools sorted by what the editor reads. */
function byGroup<T extends OfferedTool>(tools: readonly T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const tool of tools) {
    const group = tool.group ?? '';
    const list = groups.get(group);
    if (list) list.push(tool);
    else groups.set(group, [tool]);
  }
  const sortKey = (tool: OfferedTool) => (tool.label ?? tool.name).toLocaleLowerCase();
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, list]) => [group, list.sort((a, b) => sortKey(a).localeCompare(sortKey(b)))]);
}

function ToolList({
  title,
  tools,
  m,
}: {
  title: string;
  tools: readonly (OfferedTool | WithheldTool)[];
  m: AskAiMessages;
}) {
  return (
    <section>
      <h3 className="ask-ai-subheading">{title}</h3>
      {tools.length === 0 ? (
        <p className="ask-ai-note">{m.none}</p>
      ) : (
        <ul className="ask-ai-tool-list" aria-label={title}>
          {byGroup(tools).map(([group, list]) =>
            list.map((tool, index) => (
              <li
                key={`${group}-${tool.name}-${index}`}
                data-tool={tool.name}
                data-group={group || undefined}
                data-reason={'reason' in tool ? tool.reason : undefined}
              >
                <ToolName tool={tool} m={m} />
                {'reason' in tool && <span className="ask-ai-reason"> ({m.withheldReason[tool.reason]})</span>}
                {tool.description && <bdi className="ask-ai-tool-description">{tool.description}</bdi>}
              </li>
            )),
          )}
        </ul>
      )}
    </section>
  );
}

/**
 * What the AI may use and what it may not, and why: collapsed by default. A UI never calls a tool
 * "read-only" from its traits (CONTRACT.md §1); it says why one is withheld.
 */
export const ToolDisclosure = memo(function ToolDisclosure({
  tools: { status, data },
  messages: m,
}: ToolDisclosureProps) {
  if (status === 'error') return null;
  const available = data?.unattended ?? [];
  const withheld = data?.withheld ?? [];
  return (
    <details className="ask-ai-tools" data-ask-ai-part="tools" data-state={status}>
      <summary>{status === 'pending' ? m.toolsLoading : m.tools(available.length, withheld.length)}</summary>
      {status === 'success' && (
        <div className="ask-ai-tool-lists">
          <ToolList title={m.availableToTheAi} tools={available} m={m} />
          <ToolList title={m.withheld} tools={withheld} m={m} />
        </div>
      )}
    </details>
  );
});

/**
 * A tool list that could not be loaded: one alert at the top of the body. Refused (403), it says this
 * editor may not use AI tasks — the tasks are disabled, nothing invites a run that must fail; with the
 * session gone, it links to the host's login page; else tasks run without tools, and it offers a reload.
 */
export const ToolsNotice = memo(function ToolsNotice({
  tools,
  onRetry,
  loginUrl,
  messages: m,
}: {
  tools: ToolListState;
  onRetry: () => void;
  loginUrl?: string | undefined;
  messages: AskAiMessages;
}) {
  if (tools.status !== 'error') return null;
  const kind = tools.failure?.kind;
  const view = tools.failure && kind !== 'forbidden' ? failureView(tools.failure, false) : null;
  return (
    <div className="ask-ai-outcome ask-ai-tools-notice" data-tone="alert" role="alert" data-ask-ai-part="tools-error">
      {kind === 'forbidden' ? (
        <p data-ask-ai-part="no-permission">{m.noPermission}</p>
      ) : kind === 'sessionExpired' ? (
        <SessionExpired loginUrl={loginUrl} messages={m} />
      ) : (
        <>
          <p>{m.toolsFailed}</p>
          {view && <p>{view.lines.map((line) => localize(line, m)).join(' ')}</p>}
        </>
      )}
      {kind !== 'forbidden' && (
        <button type="button" className="ask-ai-button" onClick={onRetry}>
          {m.toolsRetry}
        </button>
      )}
    </div>
  );
});

/** "Session expired", and where the host named its login page, a link to it that opens a new tab. */
export function SessionExpired({ loginUrl, messages: m }: { loginUrl: string | undefined; messages: AskAiMessages }) {
  if (!loginUrl) return <p>{m.sessionExpired}</p>;
  return (
    <p>
      {m.sessionExpiredLogIn}{' '}
      <a href={loginUrl} target="_blank" rel="noopener" data-ask-ai-part="log-in">
        {m.logIn}
      </a>
    </p>
  );
}
