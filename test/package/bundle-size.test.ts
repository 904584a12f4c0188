import { describe, expect, it } from 'vitest';
import { BUDGETS, measure } from './bundle-budgets';

/** Sizes are deterministic, so the budgets run in `npm test`. */
describe('bundle budgets on dist (gzip, minified)', () => {
  for (const [name, budget] of Object.entries(BUDGETS)) {
    const forbidden = budget.mustNotImport.join(', ');
    it(`${name} stays within ${budget.maxGzipBytes} B and imports none of ${forbidden}`, async () => {
      const { eager, lazy, imports } = await measure(budget);
      console.log(`${name}: ${eager} B gzip eager${lazy ? ` + ${lazy} B lazy` : ''} (budget ${budget.maxGzipBytes} B)`);
      expect(eager).toBeLessThanOrEqual(budget.maxGzipBytes);
      for (const forbidden of budget.mustNotImport) expect([...imports]).not.toContain(forbidden);
    });
  }
});
