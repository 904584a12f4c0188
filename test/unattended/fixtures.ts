import type { ToolTraits } from '../../src/unattended';

/** A local read tool: the baseline every example varies one trait of. */
export function tool(name: string, traits: Partial<Omit<ToolTraits, 'name'>> = {}): ToolTraits {
  return {
    name,
    approvalMarker: false,
    remote: false,
    remoteApproval: null,
    effect: null,
    requiresInput: false,
    ...traits,
  };
}
