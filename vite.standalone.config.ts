import { defineConfig } from 'vite';
import { thirdPartyNotices } from './scripts/third-party-notices';

/**
 * `ask-ai-dialog/widget/standalone`: an ES module with the dialog, TanStack Query and Preact (in
 * React's place, through `preact/compat`) inside, for pages without a bundler; the parts it loads
 * lazily sit beside it as `widget-standalone-*.js`. The React entries are
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
  plugins: [thirdPartyNotices()],
  resolve: { alias: PREACT_ALIASES },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    // The browsers that have light-dark() (Baseline 2024). Below them the minifier rewrites light-dark()
    // into variables (--lightningcss-light/-dark) that only a color-scheme rule of its own sets, and the
    // stylesheet sets none (it follows the host's scheme): every accent and tint came out empty.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    modulePreload: false,
    rolldownOptions: {
      input: { 'widget-standalone': 'src/widget/standalone.ts' },
      // Lets the modules the entry shares with its lazy chunks stay in it (the chunks import them from it):
      // one request up front, not five.
      preserveEntrySignatures: 'allow-extension',
      // TanStack Query marks its modules "use client"; in one browser bundle that directive means nothing.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      // What the dialog needs only once it opens or an answer arrives (its body, the markdown renderer,
      // the word diff) loads from chunks beside the file, relative to it, as in the React entry. Named
      // without a content hash: the TYPO3 extension commits these files, and a rebuild must diff as the
      // change it is (TYPO3's import map busts caches with `?bust=`; a CDN by the package's version).
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'widget-standalone-[name].js' },
    },
  },
});
