import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import type { askAiBackend as AskAiBackend } from './src/mock-backend/vite';

/** One ES module per public entry point (package.json `exports`). */
export const libraryEntries = {
  index: 'src/react/index.ts',
  unattended: 'src/unattended/index.ts',
  client: 'src/client/index.ts',
  mocks: 'src/mock-backend/index.ts',
  'mocks-vite': 'src/mock-backend/vite.ts',
};

// Peers and environment packages stay out of the bundles: the host brings its own.
const external = [/^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\/react-query($|\/)/, /^msw($|\/)/, /^vite($|\/)/, /^node:/];

/**
 * Registers `ask-ai-dialog/mocks/vite` from the source: the demo and the browser tests talk to the
 * simulated nr-llm backend over real HTTP. The plugin is loaded through the dev server's own module
 * loader, so this config file stays loadable by Node as it is (Vite's native config loader).
 */
function simulatedBackend(): Plugin {
  return {
    name: 'ask-ai-dialog:simulated-backend-from-source',
    async configureServer(server: ViteDevServer) {
      const { askAiBackend } = (await server.ssrLoadModule('/src/mock-backend/vite.ts')) as { askAiBackend: typeof AskAiBackend };
      const plugin = askAiBackend();
      if (typeof plugin.configureServer === 'function') await plugin.configureServer.call(this, server);
    },
  };
}

/** Ships the dialog's stylesheet as `ask-ai-dialog/styles.css`: nothing imports CSS on its own. */
function stylesheet(): Plugin {
  return {
    name: 'ask-ai-dialog:stylesheet',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: readFileSync('src/react/styles.css', 'utf8') });
    },
  };
}

export default defineConfig({
  plugins: [simulatedBackend(), stylesheet()],
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
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
});
