import { expect, it } from 'vitest';
import { BUDGETS, measure } from '../test/package/bundle-budgets';
import { record } from './results';

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

// The same measurement as the size test of `npm test` (on dist, after `npm run build`), in the table.
it('reports each entry’s gzip size against its ceiling', async () => {
  for (const [name, budget] of Object.entries(BUDGETS)) {
    const { eager, lazy } = await measure(budget);
    record({
      figure: `size: ${name} (gzip${budget.asShipped ? ', as shipped' : ''})`,
      value: lazy ? `${kB(eager)} + ${kB(lazy)} lazy` : kB(eager),
      budget: `≤ ${kB(budget.maxGzipBytes)}`,
      pass: eager <= budget.maxGzipBytes,
    });
    expect(eager).toBeLessThanOrEqual(budget.maxGzipBytes);
  }
});
