import { describe, expect, it } from 'vitest';
import { requiresApproval, type ToolTraits } from '../../src/unattended';
import { tool } from './fixtures';

describe('requiresApproval', () => {
  it('answers false for an unknown tool, as the PHP rule does for null', () => {
    expect(requiresApproval(undefined)).toBe(false);
  });

  it('lets a read tool run: undeclared effect and declared read_only alike', () => {
    expect(requiresApproval(tool('get_page_content'))).toBe(false);
    expect(requiresApproval(tool('search_records', { effect: 'read_only' }))).toBe(false);
  });

  it.each(['idempotent_write', 'non_idempotent_write'] as const)('makes a local %s approval-bound', (effect) => {
    expect(requiresApproval(tool('update_page_metadata', { effect }))).toBe(true);
  });

  it('lets the approval marker win over everything, even a remote declaration of false', () => {
    expect(requiresApproval(tool('t', { approvalMarker: true }))).toBe(true);
    expect(requiresApproval(tool('t', { approvalMarker: true, remote: true, remoteApproval: false }))).toBe(true);
  });

  it("follows the operator's declaration on a remote tool, whatever its effect", () => {
    expect(requiresApproval(tool('mcp_a_x', { remote: true, remoteApproval: true, effect: 'read_only' }))).toBe(true);
    expect(
      requiresApproval(tool('mcp_b_x', { remote: true, remoteApproval: false, effect: 'non_idempotent_write' })),
    ).toBe(false);
  });

  it('exempts a remote tool without a declaration, whatever its effect', () => {
    expect(requiresApproval(tool('remote_x', { remote: true, effect: 'non_idempotent_write' }))).toBe(false);
    expect(requiresApproval(tool('remote_y', { remote: true, effect: 'idempotent_write' }))).toBe(false);
  });

  it('does not look at requiresInput', () => {
    expect(requiresApproval(tool('ask', { requiresInput: true }))).toBe(false);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'get_page_content'],
    ['a missing trait', { name: 'x', approvalMarker: false, remote: false, remoteApproval: null, effect: null }],
    ['a string boolean', { ...tool('x'), approvalMarker: 'false' }],
    ['an unknown effect', { ...tool('x'), effect: 'write' }],
    ['an undefined declaration', { ...tool('x'), remoteApproval: undefined }],
    ['a declaration on a local tool', { ...tool('x'), remoteApproval: false }],
    [
      'a missing name',
      { approvalMarker: false, remote: false, remoteApproval: null, effect: null, requiresInput: false },
    ],
  ])('fails closed on a description with %s', (_label, description) => {
    expect(requiresApproval(description as ToolTraits)).toBe(true);
  });

  it('ignores server hints in either direction', () => {
    const readHinted = {
      ...tool('w', { effect: 'non_idempotent_write' }),
      readOnlyHint: true,
      annotations: { readOnlyHint: true },
    };
    const destructiveHinted = {
      ...tool('r', { remote: true }),
      destructiveHint: true,
      _meta: { requiresApproval: true },
    };
    expect(requiresApproval(readHinted)).toBe(true);
    expect(requiresApproval(destructiveHinted)).toBe(false);
  });
});
