import { defineConfig } from 'vite';
import base from './vite.config';

/**
 * The demo built as an app (its three pages, from the source, with the simulated backend), for the
 * browser tests: `vite preview` with this config serves it with the simulated backend and the TYPO3-like
 * pages, as the dev server does, without compiling a module per request.
 */
export default defineConfig({
  ...base,
  build: {
    // Against a real backend (ASK_AI_BACKEND: the PHP test's) a build of its own, beside the simulated one.
    outDir: process.env.ASK_AI_BACKEND ? '.cache/demo-backend' : '.cache/demo',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    rolldownOptions: {
      input: { main: 'index.html', tiptap: 'tiptap.html', host: 'typo3-host.html' },
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
