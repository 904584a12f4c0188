import { defineConfig } from 'vitest/config';

// Benchmarks measure ratios within one run and check them against budgets; they are never part of `npm test`.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    testTimeout: 300_000,
    reporters: ['verbose'],
  },
});
