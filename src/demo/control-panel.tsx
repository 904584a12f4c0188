import type { SimulationView } from './simulation-api';

export interface ControlPanelProps {
  readonly state: SimulationView;
  readonly onChange: (patch: Record<string, unknown>) => void;
  readonly onReset: () => void;
  /** Field ids must be unique: the panel shows beside the editor and inside the dialog. */
  readonly idPrefix: string;
}

const OPERATOR_LABELS: Record<string, string> = {
  webPageReaderRequiresApproval: 'Web page reader needs approval',
  mcpDocsRequiresApproval: 'MCP server "docs" requires approval',
  mcpCrmRequiresApproval: 'MCP server "crm" requires approval',
  editingWritersEnabled: 'Editing writers switched on',
};

const TOOLS_FAULTS = ['forbidden', 'not-found', 'session-expired', 'server-error', 'schema-violation', 'latency'];

/** The simulated backend's knobs: user, configuration, operator settings, protocol, fault, pacing. */
export function ControlPanel({ state, onChange, onReset, idPrefix }: ControlPanelProps) {
  const described = (id: string) => `${id} — ${state.faultDescriptions[id] ?? ''}`.replace(/`/g, '');
  const field = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="panel-fields">
      <p className="panel-intro">
        This page talks to a simulated nr-llm backend. Change who is logged in, the model’s trust zone, the operator’s
        settings or a fault here, and the dialog follows at once. Changes stay on the dev server, across reloads, until
        you reset them.
      </p>
      <label htmlFor={field('user')}>User</label>
      <select id={field('user')} value={state.user} onChange={(e) => onChange({ user: e.target.value })}>
        <option value="editor">Editor</option>
        <option value="admin">Administrator</option>
        <option value="no-grant">No tasks_use grant</option>
      </select>
      <label htmlFor={field('configuration')}>Configuration (trust zone)</label>
      <select
        id={field('configuration')}
        value={state.configuration}
        onChange={(e) => onChange({ configuration: e.target.value })}
      >
        {state.configurations.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
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
      <label htmlFor={field('protocol')}>Protocol</label>
      <select id={field('protocol')} value={state.protocol} onChange={(e) => onChange({ protocol: e.target.value })}>
        <option value="typo3">TYPO3 extension (answers stream where no tools are offered)</option>
        <option value="extended">extended (every answer streams)</option>
        <option value="nr-llm">nr-llm (today’s playground)</option>
      </select>
      <label htmlFor={field('fault')}>Fault</label>
      <select
        id={field('fault')}
        value={state.fault ?? ''}
        onChange={(e) => onChange({ fault: e.target.value || null })}
      >
        <option value="">none</option>
        <optgroup label="On the run">
          {state.faults.map((f) => (
            <option key={f} value={f}>
              {described(f)}
            </option>
          ))}
        </optgroup>
        <optgroup label="On the tool list">
          {TOOLS_FAULTS.map((f) => (
            <option key={`tools:${f}`} value={`tools:${f}`}>
              {described(f)}
            </option>
          ))}
        </optgroup>
      </select>
      {state.fault && <p className="panel-note">{described(state.fault.replace(/^tools:/, ''))}</p>}
      <label htmlFor={field('pacing')}>Pacing</label>
      <select
        id={field('pacing')}
        value={String(state.latency)}
        onChange={(e) => onChange({ latency: Number(e.target.value) })}
      >
        <option value="0">none</option>
        <option value="350">realistic</option>
        <option value="1200">slow</option>
      </select>
      <button type="button" className="panel-reset" onClick={onReset}>
        Reset the simulation
      </button>
      <p className="panel-links">
        <a href="/typo3-host.html">The widget on a TYPO3-like page without React →</a>
      </p>
    </div>
  );
}
