import { defineConfig } from 'vite';

/**
 * `ask-ai-dialog/widget/standalone`: one ES module with the dialog, TanStack Query and Preact (in
 * React's place, through `preact/compat`) inside, for pages without a bundler. The React entries are
 * untouched: `ask-ai-dialog/widget` still renders with the host's React. Built after the library (it
 * adds to dist/). Built as an app, not in library mode: library mode keeps the whitespace of an ES
 * bundle, which costs 10 kB gzip here.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  resolve: { alias: PREACT_ALIASES },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    modulePreload: false,
    rolldownOptions: {
      input: { 'widget-standalone': 'src/widget/standalone.ts' },
      preserveEntrySignatures: 'strict',
      // TanStack Query marks its modules "use client"; in one browser bundle that directive means nothing.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      output: { format: 'es', entryFileNames: '[name].js', codeSplitting: false },
    },
  },
});
