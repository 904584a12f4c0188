import { isWellFormedTraits, type ToolTraits, type WithheldReason } from './tool-traits';

type ApprovalBranch = Extract<WithheldReason, 'approvalMarker' | 'remoteDeclaration' | 'writeEffect'>;

/**
 * Which branch of the rule demands approval for a well-formed tool, or `null` when none does.
 * The order is nr-llm's `ToolApprovalRule` (ADR-084, ADR-134), and the first match answers:
 * the marker; the operator's declaration; the remote exemption (its effect is ignored);
 * a declared write effect.
 */
export function approvalBranch(tool: ToolTraits): ApprovalBranch | null {
  if (tool.approvalMarker) return 'approvalMarker';
  if (tool.remoteApproval !== null) return tool.remoteApproval ? 'remoteDeclaration' : null;
  if (tool.remote) return null;
  return tool.effect === 'idempotent_write' || tool.effect === 'non_idempotent_write' ? 'writeEffect' : null;
}

/**
 * Whether a run pauses for a human approval before this tool runs.
 *
 * `undefined` (a tool the registry does not know) answers `false`, exactly as in PHP: the rule
 * does not decide about unknown names, so a filter must leave them out itself. A description that
 * does not fit {@link ToolTraits} at run time answers `true` (fail closed).
 */
export function requiresApproval(tool: ToolTraits | undefined): boolean {
  if (tool === undefined) return false;
  if (!isWellFormedTraits(tool)) return true;
  return approvalBranch(tool) !== null;
}
