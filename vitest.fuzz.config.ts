import { defineConfig } from 'vitest/config';
import base from './vite.config';

/**
 * `npm run fuzz`: the property tests, those on the markdown renderer and the streamed parse at 10,000
 * runs each (`FUZZ_RUNS`); `npm test` runs them at a few hundred.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/**/*.property.test.{ts,tsx}'],
    env: { FUZZ_RUNS: '10000' },
    testTimeout: 900_000,
  },
});
