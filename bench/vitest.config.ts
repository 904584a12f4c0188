import { defineConfig } from 'vitest/config';

// Benchmarks measure ratios within one run and check them against budgets; they are never part of
// `npm test`. Each file records its figures; the global teardown prints them as one table.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    globalSetup: ['bench/global-setup.ts'],
    // One file at a time: the Chromium figures must not share the two cores with the Node ones.
    fileParallelism: false,
    // Lets the measurements collect garbage between timed calls (bench/measure.ts).
    execArgv: ['--expose-gc'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    reporters: ['dot'],
  },
});
