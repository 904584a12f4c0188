import { defineConfig } from 'vite';

/**
 * `ask-ai-dialog/widget/standalone`: one ES module with React, TanStack Query and the dialog inside,
 * for pages without a bundler. Built after the library (it adds to dist/). Built as an app, not in
 * library mode: library mode keeps the whitespace of an ES bundle, which costs 10 kB gzip here.
 */
export default defineConfig({
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
