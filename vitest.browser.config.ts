import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the demo served by vite.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
