import { defineConfig } from 'vitest/config';

// The real TYPO3 13.4 with nr-llm (test/typo3/site): one site, one PHP server, one fake model, files in turn.
export default defineConfig({
  test: {
    include: ['test/typo3/site/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/typo3/site/harness/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
