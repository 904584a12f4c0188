import { defineConfig } from 'vitest/config';
import base from './vite.config';

/**
 * The unit tests StrykerJS runs against each mutant: the framework-free layers' own tests (the
 * markdown layer's, the editor seam's, CKEditor's and Tiptap's among them), those of the React layer's
 * logic (no React rendering), the simulated backend's and the conformance check's (they drive the
 * client end to end). Not the dialog's jsdom tests (they would take hours over every mutant), nor the
 * import side-effect test: instrumented code adds the mutation switch to globalThis by design.
 */
// Spread, not mergeConfig: mergeConfig would add these lists to the base config's instead of replacing them.
// Without the unit run's projects: StrykerJS runs one, each file in a module graph of its own.
const { projects: _projects, ...unit } = base.test!;

export default defineConfig({
  ...base,
  test: {
    ...unit,
    include: [
      'test/unattended/**/*.test.ts',
      'test/contract/**/*.test.ts',
      'test/client/**/*.test.ts',
      'test/session/**/*.test.ts',
      'test/i18n/**/*.test.ts',
      'test/markdown/**/*.test.{ts,tsx}',
      'test/editors/**/*.test.ts',
      'test/react-logic/**/*.test.ts',
      'test/widget/**/*.test.{ts,tsx}',
      'test/ckeditor5/**/*.test.ts',
      'test/tiptap/**/*.test.ts',
      'test/mock-backend/**/*.test.ts',
      'test/scripts/**/*.test.ts',
    ],
    exclude: ['test/size/**', 'test/browser/**', 'test/package/**'],
    // Instrumented code runs slower: the widget's tests render the whole dialog.
    testTimeout: 20_000,
  },
});
