import { expect, it } from 'vitest';
import { createUnattendedFilter, type ToolTraits } from '../src/unattended';
import { interleavedMedians, settledMedians } from './measure';
import { record } from './results';

const SIZE = 10_000;
const BUDGET_RATIO = 3;
const LINEAR_BUDGET = 2;

const effects = [null, 'read_only', 'idempotent_write', 'non_idempotent_write'] as const;
const catalogue = (size: number): ToolTraits[] =>
  Array.from({ length: size }, (_, i) => ({
    name: `tool_${i}`,
    approvalMarker: i % 97 === 0,
    remote: i % 5 === 0,
    remoteApproval: i % 10 === 0 ? i % 20 === 0 : null,
    effect: effects[i % 4] ?? null,
    requiresInput: i % 31 === 0,
  }));
const tools = catalogue(SIZE);
// Half known, half unknown, shuffled deterministically.
const names = Array.from({ length: SIZE }, (_, i) => (i % 2 === 0 ? `tool_${(i * 7919) % SIZE}` : `unknown_${i}`));

const EFFECTS = new Set(['read_only', 'idempotent_write', 'non_idempotent_write']);

/**
 * The same work written plainly, as a caller without the filter would: validate each description's
 * five traits, judge it by the rule (marker, declaration, remote exemption, write effect, input), and
 * keep the names of the well-formed, unattended ones that are asked for. No snapshot, no reasons.
 */
function plainFilter(descriptions: readonly ToolTraits[], asked: readonly string[]): string[] {
  const ok = new Map<string, boolean>();
  for (const t of descriptions) {
    const valid =
      typeof t.name === 'string' &&
      typeof t.approvalMarker === 'boolean' &&
      typeof t.remote === 'boolean' &&
      (t.remoteApproval === null || typeof t.remoteApproval === 'boolean') &&
      (t.effect === null || EFFECTS.has(t.effect)) &&
      typeof t.requiresInput === 'boolean' &&
      !(t.remoteApproval !== null && !t.remote);
    const approval = t.approvalMarker
      ? true
      : t.remoteApproval !== null
        ? t.remoteApproval
        : t.remote
          ? false
          : t.effect === 'idempotent_write' || t.effect === 'non_idempotent_write';
    const verdict = valid && !approval && !t.requiresInput;
    ok.set(t.name, ok.has(t.name) ? false : verdict);
  }
  return asked.filter((name) => ok.get(name) === true);
}

it(`building and asking the filter stays within ${BUDGET_RATIO}× a plain validate-and-judge pass`, () => {
  expect(createUnattendedFilter(tools).unattended(names)).toEqual(plainFilter(tools, names));
  const [ours, plain] = interleavedMedians([
    () => createUnattendedFilter(tools).unattended(names),
    () => plainFilter(tools, names),
  ]);
  const ratio = ours! / plain!;
  record({
    figure: `filter (build + ask) on ${SIZE} tools / plain validate-and-judge pass`,
    value: `${ratio.toFixed(2)}× (${ours!.toFixed(1)} / ${plain!.toFixed(1)} ms)`,
    budget: `≤ ${BUDGET_RATIO}×`,
    pass: ratio <= BUDGET_RATIO,
  });
  expect(ratio).toBeLessThanOrEqual(BUDGET_RATIO);
});

it(`building the filter is linear: the per-tool cost at 100k is within ${LINEAR_BUDGET}× the cost at 1k`, async () => {
  const small = catalogue(1_000);
  const large = catalogue(100_000);
  const [smallMs, largeMs] = await settledMedians(
    [() => createUnattendedFilter(small), () => createUnattendedFilter(large)],
    // Each call starts from a collected heap, as the 1k one does.
    { collectBetween: true },
  );
  const perToolSmall = (smallMs! / 1_000) * 1e6;
  const perToolLarge = (largeMs! / 100_000) * 1e6;
  const ratio = perToolLarge / perToolSmall;
  record({
    figure: 'building the filter: per-tool cost at 100k / at 1k tools',
    value: `${ratio.toFixed(2)}× (${perToolLarge.toFixed(0)} / ${perToolSmall.toFixed(0)} ns)`,
    budget: `≤ ${LINEAR_BUDGET}×`,
    pass: ratio <= LINEAR_BUDGET,
  });
  expect(ratio).toBeLessThanOrEqual(LINEAR_BUDGET);
});
