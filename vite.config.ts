import { defineConfig } from 'vite';

/** One ES module per public entry point (package.json `exports`). */
export const libraryEntries = {
  unattended: 'src/unattended/index.ts',
};

// Peers and environment packages stay out of the bundles: the host brings its own.
const external = [/^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\/react-query($|\/)/, /^msw($|\/)/, /^vite($|\/)/, /^node:/];

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: { entry: libraryEntries, formats: ['es'] },
    rolldownOptions: { external },
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/browser/**', 'node_modules/**'],
    environment: 'node',
    restoreMocks: true,
  },
});
