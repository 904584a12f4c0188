import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUnattendedFilter, type ToolTraits } from '../../src/unattended';

const names = fc.constantFrom('a', 'b', 'c', 'd', 'e', '__proto__', 'constructor', 'B', ' a');
const traits: fc.Arbitrary<ToolTraits> = fc
  .record({
    name: names,
    approvalMarker: fc.boolean(),
    remote: fc.boolean(),
    remoteApproval: fc.constantFrom(null, true, false),
    effect: fc.constantFrom(null, 'read_only', 'idempotent_write', 'non_idempotent_write') as fc.Arbitrary<
      ToolTraits['effect']
    >,
    requiresInput: fc.boolean(),
  })
  // Mostly well-formed: a declaration only on remote tools, as PHP allows.
  .map((t) => (t.remote ? t : { ...t, remoteApproval: null }));
const hints = fc.record({
  readOnlyHint: fc.boolean(),
  destructiveHint: fc.boolean(),
  annotations: fc.object(),
  _meta: fc.object(),
  label: fc.string(),
});
const catalogue = fc.array(fc.oneof(traits, fc.anything() as fc.Arbitrary<ToolTraits>), { maxLength: 12 });
const request = fc.array(fc.oneof(names, fc.string()), { maxLength: 20 });

describe('unattended filter invariants', () => {
  it('returns an order-preserving subsequence of the input', () => {
    fc.assert(
      fc.property(catalogue, request, (tools, input) => {
        const out = createUnattendedFilter(tools).unattended(input);
        let i = 0;
        for (const name of out) {
          while (i < input.length && input[i] !== name) i++;
          expect(i).toBeLessThan(input.length);
          i++;
        }
      }),
    );
  });

  it('agrees with the unattended verdicts of explain, one verdict per entry', () => {
    fc.assert(
      fc.property(catalogue, request, (tools, input) => {
        const filter = createUnattendedFilter(tools);
        const verdicts = filter.explain(input);
        expect(verdicts).toHaveLength(input.length);
        expect(verdicts.filter((v) => v.unattended).map((v) => v.name)).toEqual(filter.unattended(input));
        for (const v of verdicts) expect(v.unattended).toBe(v.reason === undefined);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(catalogue, request, (tools, input) => {
        const filter = createUnattendedFilter(tools);
        const once = filter.unattended(input);
        expect(filter.unattended(once)).toEqual(once);
      }),
    );
  });

  it('keeps only names some description carries', () => {
    fc.assert(
      fc.property(catalogue, request, (tools, input) => {
        const known = new Set(
          tools.filter((t) => typeof t === 'object' && t !== null && typeof t.name === 'string').map((t) => t.name),
        );
        for (const name of createUnattendedFilter(tools).unattended(input)) expect(known.has(name)).toBe(true);
      }),
    );
  });

  it('is never changed by extra hint fields', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(traits, hints), { maxLength: 10 }), request, (pairs, input) => {
        const plain = createUnattendedFilter(pairs.map(([t]) => t));
        const hinted = createUnattendedFilter(pairs.map(([t, h]) => ({ ...h, ...t })));
        expect(hinted.explain(input)).toEqual(plain.explain(input));
      }),
    );
  });
});
