/**
 * The traits of one tool that decide whether it can run without a human pause.
 * Each field mirrors one PHP interface of nr-llm (see CONTRACT.md §1).
 */
export const TOOL_EFFECTS = ['read_only', 'idempotent_write', 'non_idempotent_write'] as const;

export type ToolEffect = (typeof TOOL_EFFECTS)[number];

export interface ToolTraits {
  readonly name: string;
  /** `RequiresApprovalInterface`: always needs approval. */
  readonly approvalMarker: boolean;
  /** `RemoteToolInterface`: behaviour lives outside the installation (MCP and other remote tools). */
  readonly remote: boolean;
  /** `RemoteApprovalInterface::requiresApproval()`; `null` = no operator declaration. */
  readonly remoteApproval: boolean | null;
  /** `ToolEffectInterface`; `null` = undeclared, which the rule reads as read-only. */
  readonly effect: ToolEffect | null;
  /** `RequiresInputInterface`: the run suspends for typed input. */
  readonly requiresInput: boolean;
}

/** Why a name is not offered to the model. */
export type WithheldReason =
  'unknown' | 'malformed' | 'approvalMarker' | 'remoteDeclaration' | 'writeEffect' | 'requiresInput';

export interface UnattendedVerdict {
  readonly name: string;
  readonly unattended: boolean;
  readonly reason?: WithheldReason;
}

const EFFECTS: ReadonlySet<unknown> = new Set<ToolEffect>(TOOL_EFFECTS);

/**
 * True when `value` fits {@link ToolTraits} at run time. A description from the wire may not:
 * a trait missing or of the wrong type, an effect outside the three values, or an operator
 * declaration on a tool that is not remote (PHP cannot express that: `RemoteApprovalInterface`
 * extends `RemoteToolInterface`).
 */
export function isWellFormedTraits(value: unknown): value is ToolTraits {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.name === 'string' &&
    typeof t.approvalMarker === 'boolean' &&
    typeof t.remote === 'boolean' &&
    (t.remoteApproval === null || typeof t.remoteApproval === 'boolean') &&
    (t.effect === null || EFFECTS.has(t.effect)) &&
    typeof t.requiresInput === 'boolean' &&
    !(t.remoteApproval !== null && t.remote === false)
  );
}
