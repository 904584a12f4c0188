/** Who is logged in: an editor with the `tasks_use` grant, an administrator, or a user without the grant. */
export type SimulatedUser = 'editor' | 'admin' | 'no-grant';
/**
 * What the backend speaks: `nr-llm` as its playground (steps and one terminal event), `extended` with
 * `started`, answer pieces for every run, `runUuid` and correlation id (CONTRACT.md), and `typo3` as the
 * TYPO3 extension: extended, but a run offered tools sends its answer whole at the end.
 */
export type SimulatedProtocol = 'nr-llm' | 'extended' | 'typo3';

export interface OperatorSettings {
  /** The web page reader's approval setting (ADR-202, assumed): on makes it approval-bound. */
  readonly webPageReaderRequiresApproval: boolean;
  /** `requires_approval` of the "docs" MCP server: the operator declared `0` (no approval). */
  readonly mcpDocsRequiresApproval: boolean;
  /** `requires_approval` of the "crm" MCP server: left at the default `1`. */
  readonly mcpCrmRequiresApproval: boolean;
  /** Whether the operator switched the editing writers on (they are off by default in nr-llm). */
  readonly editingWritersEnabled: boolean;
}

export interface SimulationState {
  readonly user: SimulatedUser;
  /** The configuration used when a request names none. */
  readonly configuration: string;
  readonly operator: OperatorSettings;
  /** A standing fault id (see `FAULT_IDS`), or `null`. */
  readonly fault: string | null;
  readonly protocol: SimulatedProtocol;
  /** Milliseconds between two steps of a run; answer pieces come at a tenth of it. */
  readonly latency: number;
}

export const DEFAULT_STATE: SimulationState = {
  user: 'editor',
  configuration: 'default',
  operator: {
    webPageReaderRequiresApproval: true,
    mcpDocsRequiresApproval: false,
    mcpCrmRequiresApproval: true,
    editingWritersEnabled: true,
  },
  fault: null,
  protocol: 'extended',
  latency: 350,
};

const USERS: readonly SimulatedUser[] = ['editor', 'admin', 'no-grant'];
const PROTOCOLS: readonly SimulatedProtocol[] = ['nr-llm', 'extended', 'typo3'];

/**
 * Merges a partial state into the current one. Returns an error message for a field that does not
 * fit, so a `PUT` with a typo is refused rather than half applied.
 */
export function mergeState(state: SimulationState, patch: unknown): SimulationState | string {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return 'The body must be a JSON object.';
  const p = patch as Record<string, unknown>;
  const next = { ...state, operator: { ...state.operator } };
  if ('user' in p) {
    if (!USERS.includes(p.user as SimulatedUser)) return `user must be one of ${USERS.join(', ')}.`;
    next.user = p.user as SimulatedUser;
  }
  if ('configuration' in p) {
    if (typeof p.configuration !== 'string' || p.configuration === '')
      return 'configuration must be a non-empty string.';
    next.configuration = p.configuration;
  }
  if ('protocol' in p) {
    if (!PROTOCOLS.includes(p.protocol as SimulatedProtocol)) return `protocol must be one of ${PROTOCOLS.join(', ')}.`;
    next.protocol = p.protocol as SimulatedProtocol;
  }
  if ('fault' in p) {
    if (p.fault !== null && typeof p.fault !== 'string') return 'fault must be a fault id or null.';
    next.fault = p.fault === '' ? null : (p.fault as string | null);
  }
  if ('latency' in p) {
    if (typeof p.latency !== 'number' || !Number.isFinite(p.latency) || p.latency < 0)
      return 'latency must be a number of milliseconds ≥ 0.';
    next.latency = p.latency;
  }
  if ('operator' in p) {
    const o = p.operator;
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return 'operator must be an object.';
    for (const [key, value] of Object.entries(o)) {
      if (!(key in state.operator)) return `operator.${key} is not an operator setting.`;
      if (typeof value !== 'boolean') return `operator.${key} must be true or false.`;
      (next.operator as Record<string, boolean>)[key] = value;
    }
  }
  return next;
}
