import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import type * as Typo3Backend from './src/demo/typo3-backend';
import { thirdPartyNotices } from './scripts/third-party-notices';
import { typo3Files } from './scripts/typo3-files';
import type { askAiBackend as AskAiBackend } from './src/mock-backend/vite';

/** One ES module per public entry point (package.json `exports`); the standalone widget has its own config. */
const libraryEntries = {
  index: 'src/react/index.ts',
  unattended: 'src/unattended/index.ts',
  client: 'src/session/index.ts',
  messages: 'src/i18n/index.ts',
  widget: 'src/widget/index.ts',
  fields: 'src/widget/field-adapters.ts',
  editors: 'src/editors/index.ts',
  tiptap: 'src/tiptap/index.ts',
  mocks: 'src/mock-backend/index.ts',
  'mocks-vite': 'src/mock-backend/vite.ts',
  // The conformance check as the package's bin, `ask-ai-dialog-contract-check` (Node only).
  'contract-check': 'scripts/contract-check.ts',
};

// Peers and environment packages stay out of the bundles: the host brings its own.
const external = [
  /^@tanstack\/query-core($|\/)/,
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^@tanstack\/react-query($|\/)/,
  /^@tiptap\//,
  /^msw($|\/)/,
  /^vite($|\/)/,
  /^node:/,
];

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** The demo, the stories and the tests import the public entry points, served from the source. */
const publicEntryAliases = [
  { find: /^ask-ai-dialog$/, replacement: src('react/index.ts') },
  { find: /^ask-ai-dialog\/unattended$/, replacement: src('unattended/index.ts') },
  { find: /^ask-ai-dialog\/client$/, replacement: src('session/index.ts') },
  { find: /^ask-ai-dialog\/messages$/, replacement: src('i18n/index.ts') },
  { find: /^ask-ai-dialog\/mocks$/, replacement: src('mock-backend/index.ts') },
  { find: /^ask-ai-dialog\/fields$/, replacement: src('widget/field-adapters.ts') },
  { find: /^ask-ai-dialog\/editors$/, replacement: src('editors/index.ts') },
  { find: /^ask-ai-dialog\/ckeditor5$/, replacement: src('ckeditor5/index.ts') },
  { find: /^ask-ai-dialog\/tiptap$/, replacement: src('tiptap/index.ts') },
  { find: /^ask-ai-dialog\/widget\/standalone$/, replacement: src('widget/standalone.ts') },
  { find: /^ask-ai-dialog\/widget$/, replacement: src('widget/index.ts') },
  { find: /^ask-ai-dialog\/styles\.css$/, replacement: src('react/styles.css') },
];

/**
 * Registers `ask-ai-dialog/mocks/vite` from the source: the demo and the browser tests talk to the
 * simulated nr-llm backend over real HTTP. The plugin is loaded through the dev server's own module
 * loader, so this config file stays loadable by Node as it is (Vite's native config loader).
 */
function simulatedBackend(): Plugin {
  // The demo shows what a TYPO3 site shows: answers stream where the model is offered no tools.
  const options = { initialState: { protocol: 'typo3' as const } };
  return {
    name: 'ask-ai-dialog:simulated-backend-from-source',
    async configureServer(server: ViteDevServer) {
      const { askAiBackend } = (await server.ssrLoadModule('/src/mock-backend/vite.ts')) as {
        askAiBackend: typeof AskAiBackend;
      };
      const plugin = askAiBackend(options);
      if (typeof plugin.configureServer === 'function') await plugin.configureServer.call(this, server);
    },
    // The built demo (vite.demo.config.ts) served by `vite preview`, as the browser tests use it.
    async configurePreviewServer(server: PreviewServer) {
      const { askAiBackend } = await fromSource<{ askAiBackend: typeof AskAiBackend }>('mock-backend/vite.ts');
      const plugin = askAiBackend(options);
      if (typeof plugin.configurePreviewServer === 'function') {
        await plugin.configurePreviewServer.call(this, server);
      }
    },
  };
}

/** A module of src/ loaded in Node as it is (TypeScript, through tsx): the preview server has no module loader. */
async function fromSource<T>(path: string): Promise<T> {
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(src(path), import.meta.url)) as T;
}

/**
 * The built plugin and standalone widget, in memory, as the TYPO3 extension ships them (built on first
 * request; `typo3Files` makes the same files `npm run build` writes to typo3/Resources/Public/JavaScript).
 */
async function buildForBackend(): Promise<Record<string, string>> {
  const { build } = await import('vite');
  const files: Record<string, string> = {};
  for (const configFile of ['vite.standalone.config.ts', 'vite.ckeditor5.config.ts']) {
    const result = await build({ configFile, logLevel: 'silent', build: { write: false, emptyOutDir: false } });
    for (const output of [result].flat()) {
      if (!('output' in output)) continue;
      for (const file of output.output) {
        files[file.fileName] = file.type === 'chunk' ? file.code : String(file.source);
      }
    }
  }
  return typo3Files(files);
}

/**
 * The TYPO3-like back-end pages (`/typo3/record/edit`, `/typo3/widget`): CKEditor through an import map
 * with per-package specifiers, the plugin from the package's own prefix — never through Vite's pipeline.
 */
function typo3Backend(): Plugin {
  let built: Promise<Record<string, string>> | null = null;
  const build = () =>
    (built ??= buildForBackend().catch((error: unknown) => {
      built = null;
      throw error;
    }));
  return {
    name: 'ask-ai-dialog:typo3-backend',
    apply: 'serve',
    async configureServer(server: ViteDevServer) {
      const backend = (await server.ssrLoadModule('/src/demo/typo3-backend.ts')) as typeof Typo3Backend;
      const root = server.config.root;
      server.middlewares.use(backend.typo3PageMiddleware(root, build));
      server.middlewares.use(backend.typo3BackendMiddleware(root, build));
    },
    async configurePreviewServer(server: PreviewServer) {
      const backend = await fromSource<typeof Typo3Backend>('demo/typo3-backend.ts');
      const root = server.config.root;
      server.middlewares.use(backend.typo3PageMiddleware(root, build));
      server.middlewares.use(backend.typo3BackendMiddleware(root, build));
      // The package's built files, as the dev server serves them from the root (`/typo3-host.html?widget=dist`).
      server.middlewares.use('/dist', (request, response, next) => {
        const file = join(root, 'dist', (request.url ?? '/').split('?')[0]!.replace(/^\/+/, ''));
        if (!file.startsWith(join(root, 'dist')) || !existsSync(file)) return next();
        response.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        response.end(readFileSync(file));
      });
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

/** The unit run: every test file but those of the suites with configs of their own. */
const UNIT_FILES = ['test/**/*.test.{ts,tsx}'];
const UNIT_EXCLUDE = ['test/browser/**', 'test/package/**', 'test/typo3/site/**', 'node_modules/**'];

/**
 * The unit files that get a module graph of their own: those in jsdom (each its own page, and the dialog's
 * modules with it) and those that replace or load modules afresh (`vi.mock`, `vi.doMock`,
 * `vi.resetModules`). The others share their worker's.
 */
function ownGraphFiles(): string[] {
  const root = fileURLToPath(new URL('./', import.meta.url));
  // The suites of UNIT_EXCLUDE may be listed: the projects inherit that exclusion.
  return readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .map((file) => `test/${file.split(sep).join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) =>
      /@vitest-environment jsdom|\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(join(root, file), 'utf8')),
    )
    .sort();
}

/**
 * `ASK_AI_BACKEND=https://cms.example/typo3/ajax/ask-ai npm start` points the demo at a real backend:
 * the dev server then proxies /api/ask-ai/* there instead of serving the simulated one.
 */
const realBackend = process.env.ASK_AI_BACKEND;

export default defineConfig({
  plugins: [realBackend ? null : simulatedBackend(), typo3Backend(), stylesheet(), thirdPartyNotices()],
  resolve: { alias: publicEntryAliases },
  // Pre-bundled when the dev server starts: found only when /tiptap.html first loads, they would make
  // the server optimise again and reload that page under a test.
  optimizeDeps: {
    include: ['@tiptap/core', '@tiptap/starter-kit', '@tiptap/pm/state', '@tiptap/pm/view', '@tiptap/pm/model'],
  },
  define: { 'import.meta.env.VITE_ASK_AI_SIMULATED': JSON.stringify(realBackend ? 'false' : 'true') },
  server: realBackend
    ? {
        proxy: {
          '/api/ask-ai': {
            target: realBackend,
            changeOrigin: true,
            secure: true,
            rewrite: (path) => path.replace(/^\/api\/ask-ai/, ''),
          },
        },
      }
    : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    // The stylesheet the widget inlines into its shadow root goes in without its comments and spaces (the
    // shipped styles.css stays as written). The browsers that have light-dark(), as the standalone build:
    // below them the minifier rewrites it into variables the stylesheet never sets.
    cssMinify: true,
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    lib: { entry: libraryEntries, formats: ['es'] },
    rolldownOptions: {
      external,
      output: {
        // The React entries render client components: React Server Components hosts must see that.
        banner: (chunk: { isEntry: boolean; name: string }) =>
          chunk.isEntry && ['index', 'widget', 'fields'].includes(chunk.name)
            ? "'use client';"
            : chunk.isEntry && chunk.name === 'contract-check'
              ? '#!/usr/bin/env node'
              : '',
      },
    },
  },
  test: {
    // The files are the projects' (below): a list here would be added to each project's own.
    exclude: UNIT_EXCLUDE,
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // The widget inlines the dialog's stylesheet into its shadow root: process that one file.
    css: { include: [/src\/react\/styles\.css/] },
    restoreMocks: true,
    // Vitest's default leaves one core free: on a machine of two that is one worker, and the jsdom files
    // mostly wait (114 s with two workers against 152 s with one, on two cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Tests wait for behaviour (lazy chunks, streams); on a busy machine that takes longer than Vitest's
    // default 5 s. A test that hangs still fails, with the wait it was in.
    testTimeout: 30_000,
    // A hook that starts a dev server (the contract check's) took over 10 s beside two CPU-bound jobs.
    hookTimeout: 60_000,
    // The files in Node share their worker's module graph: the layers, React and the test set-up load once
    // per worker, not once per file (at rest 110 s and 197 s of CPU against 140 s and 250 s).
    projects: ((own) => [
      { extends: true, test: { name: 'shared', isolate: false, include: UNIT_FILES, exclude: own } },
      { extends: true, test: { name: 'own graph', include: own } },
    ])(ownGraphFiles()),
  },
});
