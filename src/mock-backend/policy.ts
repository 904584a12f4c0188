import type { ToolTraits } from '../unattended';
import { DATA_CLASSES, REGISTRY, REGISTRY_BY_NAME, type DataClass, type SimulatedTool } from './registry';
import type { OperatorSettings, SimulatedUser } from './simulation-state';

export type TrustZone = 'local' | 'privateHosted' | 'externalEu' | 'externalGlobal';

export interface SimulatedConfiguration {
  readonly identifier: string;
  readonly label: string;
  readonly trustZone: TrustZone;
  /** `allowed_tool_groups`; `null` = no restriction. */
  readonly allowedGroups: readonly string[] | null;
}

export const CONFIGURATIONS: readonly SimulatedConfiguration[] = [
  { identifier: 'default', label: 'Default (external, global)', trustZone: 'externalGlobal', allowedGroups: null },
  { identifier: 'eu-hosted', label: 'EU-hosted model', trustZone: 'externalEu', allowedGroups: null },
  { identifier: 'private', label: 'Privately hosted model', trustZone: 'privateHosted', allowedGroups: null },
  { identifier: 'local', label: 'Local model', trustZone: 'local', allowedGroups: null },
  {
    identifier: 'content-only',
    label: 'Content tools only',
    trustZone: 'externalGlobal',
    allowedGroups: ['content', 'rag'],
  },
];

/** The highest data class a zone may see (`TrustZone::maxDataClass()`). */
const ZONE_CEILING: Record<TrustZone, DataClass> = {
  local: 'secretAdjacent',
  privateHosted: 'systemDiagnostics',
  externalEu: 'internalConfiguration',
  externalGlobal: 'editorContent',
};

export type DenialReason = 'notRegistered' | 'toolDisabled' | 'requiresAdmin' | 'configurationGroup' | 'trustZone';

/**
 * nr-llm's five policy gates (ADR-094), in their order: registered, globally enabled, admin tier,
 * configuration grant, trust zone. `null` = allowed.
 */
export function denialReason(
  name: string,
  configuration: SimulatedConfiguration,
  user: SimulatedUser,
  operator: OperatorSettings,
): DenialReason | null {
  const tool = REGISTRY_BY_NAME.get(name);
  if (!tool) return 'notRegistered';
  if (!isEnabled(tool, operator)) return 'toolDisabled';
  if (tool.requiresAdmin && user !== 'admin') return 'requiresAdmin';
  if (configuration.allowedGroups !== null && !configuration.allowedGroups.includes(tool.group))
    return 'configurationGroup';
  if (DATA_CLASSES.indexOf(tool.dataClass) > DATA_CLASSES.indexOf(ZONE_CEILING[configuration.trustZone]))
    return 'trustZone';
  return null;
}

function isEnabled(tool: SimulatedTool, operator: OperatorSettings): boolean {
  if (tool.group === 'editing') return operator.editingWritersEnabled;
  // MCP tools are off by default in nr-llm; in this simulation the operator switched both servers' tools on.
  if (tool.mcpServer) return true;
  return tool.enabledByDefault;
}

/**
 * `ToolCallPolicy::filterOfferable()`: the requested names (or, for `null`, every enabled tool in
 * registry order) that pass all five gates. Keeps the input order and duplicates.
 */
export function filterOfferable(
  requested: readonly string[] | null,
  configuration: SimulatedConfiguration,
  user: SimulatedUser,
  operator: OperatorSettings,
): string[] {
  const candidates = requested ?? REGISTRY.filter((tool) => isEnabled(tool, operator)).map((tool) => tool.name);
  return candidates.filter((name) => denialReason(name, configuration, user, operator) === null);
}

/** The traits the backend reads from a tool's interfaces (CONTRACT.md §1), with the operator's settings applied. */
export function traitsOf(tool: SimulatedTool, operator: OperatorSettings): ToolTraits {
  const remote = tool.remote === true;
  const declaration =
    tool.mcpServer === 'docs'
      ? operator.mcpDocsRequiresApproval
      : tool.mcpServer === 'crm'
        ? operator.mcpCrmRequiresApproval
        : null;
  const webReaderBound = tool.operatorApprovalSetting === 'webPageReader' && operator.webPageReaderRequiresApproval;
  return {
    name: tool.name,
    approvalMarker: tool.approvalMarker === true || webReaderBound,
    remote,
    remoteApproval: remote ? declaration : null,
    effect: tool.effect,
    requiresInput: tool.requiresInput === true,
  };
}
