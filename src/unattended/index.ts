export type { ToolEffect, ToolTraits, WithheldReason, UnattendedVerdict } from './tool-traits';
export { TOOL_EFFECTS, isWellFormedTraits } from './tool-traits';
export { requiresApproval } from './approval-rule';
export { createUnattendedFilter, type UnattendedToolFilter } from './unattended-filter';
