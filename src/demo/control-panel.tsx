import type { SimulationView } from './simulation-api';

export interface ControlPanelProps {
  readonly state: SimulationView;
  readonly onChange: (patch: Record<string, unknown>) => void;
}

const OPERATOR_LABELS: Record<string, string> = {
  webPageReaderRequiresApproval: 'Web page reader needs approval',
  mcpDocsRequiresApproval: 'MCP server "docs" requires approval',
  mcpCrmRequiresApproval: 'MCP server "crm" requires approval',
  editingWritersEnabled: 'Editing writers switched on',
};

/** The simulated backend's knobs: user, configuration, operator settings, protocol, fault. */
export function ControlPanel({ state, onChange }: ControlPanelProps) {
  return (
    <aside className="panel" aria-label="Simulated backend">
      <h2>Simulated nr-llm backend</h2>
      <label>
        User{' '}
        <select value={state.user} onChange={(e) => onChange({ user: e.target.value })}>
          <option value="editor">Editor</option>
          <option value="admin">Administrator</option>
          <option value="no-grant">No tasks_use grant</option>
        </select>
      </label>
      <label>
        Configuration (trust zone){' '}
        <select value={state.configuration} onChange={(e) => onChange({ configuration: e.target.value })}>
          {state.configurations.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Operator settings</legend>
        {Object.entries(state.operator).map(([key, value]) => (
          <label key={key} className="check">
            <input
              type="checkbox"
              checked={value}
              onChange={(e) => onChange({ operator: { [key]: e.target.checked } })}
            />{' '}
            {OPERATOR_LABELS[key] ?? key}
          </label>
        ))}
      </fieldset>
      <label>
        Protocol{' '}
        <select value={state.protocol} onChange={(e) => onChange({ protocol: e.target.value })}>
          <option value="extended">extended (started, delta)</option>
          <option value="nr-llm">nr-llm (today’s playground)</option>
        </select>
      </label>
      <label>
        Fault{' '}
        <select value={state.fault ?? ''} onChange={(e) => onChange({ fault: e.target.value || null })}>
          <option value="">none</option>
          {state.faults.flatMap((f) => [
            <option key={f} value={f}>
              run: {f}
            </option>,
          ])}
          {['forbidden', 'not-found', 'session-expired', 'server-error', 'schema-violation'].map((f) => (
            <option key={`tools:${f}`} value={`tools:${f}`}>
              tools: {f}
            </option>
          ))}
        </select>
      </label>
      <label>
        Pacing{' '}
        <select value={String(state.latency)} onChange={(e) => onChange({ latency: Number(e.target.value) })}>
          <option value="0">none</option>
          <option value="350">realistic</option>
          <option value="1200">slow</option>
        </select>
      </label>
      <p className="panel-links">
        <a href="/typo3-host.html">The widget on a TYPO3-like page without React →</a>
      </p>
    </aside>
  );
}
