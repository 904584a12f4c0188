import { expect, it } from 'vitest';
import { createUnattendedFilter, type ToolTraits } from '../src/unattended';
import { medianMs } from './measure';

const SIZE = 10_000;
const BUDGET_RATIO = 3;

const effects = [null, 'read_only', 'idempotent_write', 'non_idempotent_write'] as const;
const tools: ToolTraits[] = Array.from({ length: SIZE }, (_, i) => ({
  name: `tool_${i}`,
  approvalMarker: i % 97 === 0,
  remote: i % 5 === 0,
  remoteApproval: i % 10 === 0 ? i % 20 === 0 : null,
  effect: effects[i % 4] ?? null,
  requiresInput: i % 31 === 0,
}));
// Half known, half unknown, shuffled deterministically.
const names = Array.from({ length: SIZE }, (_, i) => (i % 2 === 0 ? `tool_${(i * 7919) % SIZE}` : `unknown_${i}`));

it(`unattended() over ${SIZE} names stays within ${BUDGET_RATIO}× a bare Set filter`, () => {
  const filter = createUnattendedFilter(tools);
  const set = new Set(filter.unattended(tools.map((t) => t.name)));
  const bare = medianMs(() => names.filter((n) => set.has(n)));
  const ours = medianMs(() => filter.unattended(names));
  const build = medianMs(() => createUnattendedFilter(tools), 11);
  const ratio = ours / bare;
  console.log(
    `unattended(): ${ours.toFixed(3)} ms; bare filter: ${bare.toFixed(3)} ms; ratio ` +
      `${ratio.toFixed(2)}× (budget ≤ ${BUDGET_RATIO}×); ` +
      `building the filter from ${SIZE} descriptions: ${build.toFixed(3)} ms`,
  );
  expect(ratio).toBeLessThanOrEqual(BUDGET_RATIO);
});
