import { defineConfig } from 'vitest/config';

// The package as consumers get it: runs after `npm run build` (see the test script).
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
