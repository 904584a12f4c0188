import { expect, it } from 'vitest';
import { resolve } from 'node:path';
import { BUDGETS, measure } from '../test/package/bundle-budgets';
import { largestModules } from './largest-modules';
import { record } from './results';

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const DIST = resolve(import.meta.dirname, '../dist');

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
    // Its largest modules up front, by their bytes in dist (not gzip): where to look when it grows.
    const largest = largestModules(DIST, budget.file, budget.external)
      .map(([module, bytes]) => `${module} ${kB(bytes)}`)
      .join(', ');
    record({ figure: '  largest up front (bytes in dist)', value: largest, budget: '—', pass: true });
    expect(eager).toBeLessThanOrEqual(budget.maxGzipBytes);
  }
});
