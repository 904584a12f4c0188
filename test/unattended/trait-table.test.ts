import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createUnattendedFilter, requiresApproval, type ToolTraits } from '../../src/unattended';

interface TraitCase {
  readonly name: string;
  readonly traits: Omit<ToolTraits, 'name'>;
  readonly unattended: boolean;
  readonly reason: string | null;
}

/** The table the PHP filter's tests read too (typo3/Tests/Unit/Unattended): one truth for both rules. */
const table = JSON.parse(readFileSync(new URL('../fixtures/unattended-trait-table.json', import.meta.url), 'utf8')) as {
  cases: TraitCase[];
};

describe('the shared ADR-210 trait table', () => {
  it('covers every combination of the five traits once', () => {
    const keys = new Set(table.cases.map((c) => JSON.stringify(c.traits)));
    expect(table.cases).toHaveLength(96);
    expect(keys.size).toBe(96);
  });

  it.each(table.cases)('$name: the filter and the rule give the table’s verdict', (row) => {
    const tool = { name: row.name, ...row.traits };
    const filter = createUnattendedFilter([tool]);
    expect(filter.unattended([row.name])).toEqual(row.unattended ? [row.name] : []);
    expect(filter.explain([row.name])[0]?.reason ?? null).toBe(row.reason);
    if (row.reason !== 'malformed') {
      const approvalBound = ['approvalMarker', 'remoteDeclaration', 'writeEffect'].includes(row.reason ?? '');
      expect(requiresApproval(tool)).toBe(approvalBound);
    }
  });
});
