import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the demo served by vite.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/global-setup.ts'],
    // Two files at a time (global-setup.ts DEMO_SERVERS), each with its own Chromium and its worker's demo
    // server: a file mostly waits on its page.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
