/**
 * The TYPO3-like back-end pages of the demo, served the way TYPO3 serves them and not through Vite's
 * module pipeline: CKEditor's packages as they are in node_modules, reached through an import map with
 * one specifier per `@ckeditor/ckeditor5-*` package (no bare `ckeditor5`), and this package's built
 * plugin and standalone widget under its own prefix. Node only (the dev server loads it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The packages a TYPO3 RTE preset like the demo's loads; what they import is found from there. */
const EDITOR_PACKAGES = [
  'editor-classic',
  'essentials',
  'paragraph',
  'heading',
  'basic-styles',
  'link',
  'list',
  'block-quote',
  'table',
  'html-support',
].map((name) => `@ckeditor/ckeditor5-${name}`);

/**
 * The CKEditor releases the pages can load (`?ckeditor=47`): 48.5, the npm package's current; 47.6, what
 * TYPO3 13.4.28 and 14.3 ship; 41.4, the plugin's floor (TYPO3 13.2 shipped 41.4). The older ones are
 * installed as `ckeditor5-v47` and `ckeditor5-v41`, their packages nested beside them.
 */
export const CKEDITOR_RELEASES = { '48': 'ckeditor5', '47': 'ckeditor5-v47', '41': 'ckeditor5-v41' } as const;
/** Each release's editor stylesheet. */
const CKEDITOR_CSS: Record<keyof typeof CKEDITOR_RELEASES, string> = {
  '48': 'ckeditor5/dist/ckeditor5.css',
  '47': 'ckeditor5-v47/dist/ckeditor5.css',
  '41': 'ckeditor5-v41/dist/browser/index.css',
};
export type CkeditorRelease = keyof typeof CKEDITOR_RELEASES;

const PREFIX = '/typo3';
const MODULES = `${PREFIX}/node_modules/`;
/** Where the extension's `Resources/Public/JavaScript/` is served, and the prefix its import map declares. */
const PLUGIN_PREFIX = `${PREFIX}/_assets/ask_ai/JavaScript/`;
const PLUGIN_SPECIFIER = '@ask-ai-dialog/typo3/';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`typo3-backend: ${name} not found from ${from}`);
  }
}

function exportTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const conditions = value as Record<string, unknown>;
    for (const key of ['browser', 'import', 'module', 'default']) {
      const target = exportTarget(conditions[key]);
      if (target) return target;
    }
  }
  return null;
}

/** A subpath's entry in an `exports` map: exact, or through a `*` pattern (its target with `*` filled in). */
function subpathExport(exportsMap: Record<string, unknown>, key: string): unknown {
  if (key in exportsMap) return exportsMap[key];
  for (const [pattern, target] of Object.entries(exportsMap)) {
    const [head = '', tail] = pattern.split('*');
    if (tail === undefined || !key.startsWith(head) || !key.endsWith(tail) || key.length < head.length + tail.length)
      continue;
    const star = key.slice(head.length, key.length - tail.length);
    const fill = (value: unknown): unknown =>
      typeof value === 'string'
        ? value.replaceAll('*', star)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]))
          : value;
    return fill(target);
  }
  return undefined;
}

/** Where a bare specifier leads for a browser's ES module loader (the package's `exports`, else `module`/`main`). */
function resolveBare(specifier: string, fromFile: string): string {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
  const sub = specifier.slice(name.length);
  const dir = packageDir(name, dirname(fromFile));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports?: unknown;
    module?: string;
    main?: string;
  };
  let target: string | null = null;
  if (manifest.exports !== undefined) {
    const exportsMap = manifest.exports as Record<string, unknown>;
    const conditional = typeof manifest.exports === 'string' || !Object.keys(exportsMap).some((k) => k.startsWith('.'));
    const entry = conditional ? (sub === '' ? manifest.exports : undefined) : subpathExport(exportsMap, `.${sub}`);
    target = exportTarget(entry);
  }
  target ??= sub !== '' ? `.${sub}` : (manifest.module ?? manifest.main ?? 'index.js');
  // TYPO3 ships each CKEditor package's browser build (its dist/); from 42 to 47 the package's own entry
  // is src/, whose modules import CSS.
  if (name.startsWith('@ckeditor/ckeditor5-') && sub === '' && isFile(join(dir, 'dist/index.js'))) {
    return join(dir, 'dist/index.js');
  }
  return join(dir, target);
}

/** Static imports and re-exports at the start of a line, as bundled ES modules write them. */
const IMPORT = /^(?:import|export)\s*(?:[\w$*\s{},]+?\s*from\s*)?["']([^"']+)["']/gm;

/**
 * The import map TYPO3 would publish for the editor: every bare specifier the editor's packages reach,
 * each mapped to its file, found by following their imports.
 */
export function editorImportMap(root: string, release: CkeditorRelease = '48'): Record<string, string> {
  const nodeModules = join(root, 'node_modules');
  // The release's own packages first (nested beside an aliased release), the project's after.
  const from =
    release === '48' ? join(root, 'package.json') : join(nodeModules, CKEDITOR_RELEASES[release], 'package.json');
  const imports: Record<string, string> = {};
  const seen = new Set<string>();
  const queue: string[] = [];
  const add = (specifier: string, from: string) => {
    if (specifier in imports) return;
    const file = resolveBare(specifier, from);
    if (!isFile(file)) return;
    imports[specifier] = MODULES + relative(nodeModules, file).split(sep).join('/');
    queue.push(file);
  };
  for (const name of EDITOR_PACKAGES) add(name, from);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (isFile(target)) queue.push(target);
      } else if (!specifier.startsWith('/') && !specifier.includes(':')) add(specifier, file);
    }
  }
  // TYPO3 maps every package by its bare name; from 42 to 47 the packages' browser builds import each
  // other as `…/dist/index.js`: both names lead to the one file.
  for (const [specifier, url] of Object.entries(imports)) {
    const bare = /^(@ckeditor\/ckeditor5-[a-z0-9-]+)\/dist\/index\.js$/.exec(specifier)?.[1];
    if (bare && !(bare in imports)) imports[bare] = url;
  }
  return imports;
}

/** A CommonJS file (CKEditor 41's colour picker needs `color-convert` 2), which a browser cannot import. */
function isCommonJs(source: string): boolean {
  return /\bmodule\.exports\b|\bexports\.\w+\s*=/.test(source) && !/^\s*(?:import|export)\s/m.test(source);
}

const commonJsModules = new Map<string, Promise<string>>();

/**
 * The file and what it requires as one ES module with the exports as its default, as TYPO3's build of
 * CKEditor's packages inlines such dependencies.
 */
function commonJsAsModule(file: string): Promise<string> {
  let module = commonJsModules.get(file);
  if (module === undefined) {
    module = import('vite').then(async ({ build }) => {
      const result = await build({
        configFile: false,
        logLevel: 'silent',
        build: { write: false, minify: false, lib: { entry: file, formats: ['es'], fileName: 'module' } },
      });
      const output = [result].flat().flatMap((r) => ('output' in r ? r.output : []));
      const chunk = output.find((item) => item.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error(`typo3-backend: ${file} could not be bundled`);
      return chunk.code;
    });
    commonJsModules.set(file, module);
  }
  return module;
}

export interface BuiltFiles {
  readonly [fileName: string]: string;
}

/** Serves `/typo3/node_modules/*` as the files are and the extension's JavaScript from `build()`. */
export function typo3BackendMiddleware(root: string, build: () => Promise<BuiltFiles>) {
  const nodeModules = join(root, 'node_modules');
  return async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (type: string, body: string | Buffer) => {
      response.setHeader('Content-Type', type);
      response.setHeader('Cache-Control', 'no-store');
      response.end(body);
    };
    try {
      if (url.pathname.startsWith(MODULES)) {
        const file = resolve(nodeModules, decodeURIComponent(url.pathname.slice(MODULES.length)));
        if (!file.startsWith(nodeModules + sep) || !isFile(file)) return next();
        if (file.endsWith('.css')) return send('text/css', readFileSync(file));
        const source = readFileSync(file, 'utf8');
        return send('text/javascript', isCommonJs(source) ? await commonJsAsModule(file) : source);
      }
      if (url.pathname.startsWith(PLUGIN_PREFIX)) {
        const files = await build();
        const body = files[url.pathname.slice(PLUGIN_PREFIX.length)];
        if (body === undefined) return next();
        return send(url.pathname.endsWith('.map') ? 'application/json' : 'text/javascript', body);
      }
    } catch (error) {
      response.statusCode = 500;
      return send('text/plain', `typo3-backend: ${(error as Error).message}`);
    }
    next();
  };
}

const editorMaps = new Map<string, Record<string, string>>();
const releaseOf = (query: string | null): CkeditorRelease =>
  query !== null && Object.hasOwn(CKEDITOR_RELEASES, query) ? (query as CkeditorRelease) : '48';

/**
 * The page's `<script type="importmap">` as TYPO3 publishes it: the editor's packages (found once per
 * root: it follows hundreds of files), and the extension's prefix with every file under it mapped to its
 * own `?bust=<hash>` URL (TYPO3's ImportMap does this for each file of a mapped folder).
 */
export function importMapJson(root: string, files: BuiltFiles, release: CkeditorRelease = '48'): string {
  const key = `${root}#${release}`;
  let editor = editorMaps.get(key);
  if (editor === undefined) editorMaps.set(key, (editor = editorImportMap(root, release)));
  const bust = (content: string) => createHash('sha1').update(content).digest('hex').slice(0, 12);
  const extension = Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name.endsWith('.js'))
      .map(([name, content]) => [PLUGIN_SPECIFIER + name, `${PLUGIN_PREFIX}${name}?bust=${bust(content)}`]),
  );
  return JSON.stringify({ imports: { ...editor, [PLUGIN_SPECIFIER]: PLUGIN_PREFIX, ...extension } }, null, 2).replace(
    /</g,
    '\\u003c',
  );
}

/** TYPO3's AJAX URLs for a logged-in user, each with its route token. */
const AJAX_URLS = {
  ask_ai_tools: '/api/ask-ai/tools?token=a1b2c3tools',
  ask_ai_run: '/api/ask-ai/run?token=d4e5f6run',
  ask_ai_cancel: '/api/ask-ai/cancel?token=g7h8i9cancel',
  ask_ai_outcome: '/api/ask-ai/outcome?token=j1k2l3outcome',
};

/**
 * The pages' Content-Security-Policy. `typo3`: TYPO3 core's back-end policy (inline styles allowed);
 * `self`: no inline style at all; `nonce`: a nonce on `style-src-elem`, which makes browsers ignore
 * `'unsafe-inline'` there — injected `<style>` elements are blocked; `trusted-types`: TYPO3's policy and
 * `require-trusted-types-for 'script'`, with only the package's own policy (`ask-ai-dialog`) allowed.
 */
export type PagePolicy = 'typo3' | 'self' | 'nonce' | 'trusted-types';

function policyHeader(policy: PagePolicy, nonce: string): string {
  const styles = {
    typo3: "style-src 'self' 'unsafe-inline'; style-src-attr 'unsafe-inline'",
    self: "style-src 'self'; style-src-attr 'unsafe-inline'",
    nonce: `style-src 'self' 'unsafe-inline'; style-src-elem 'self' 'nonce-${nonce}'; style-src-attr 'unsafe-inline'`,
    'trusted-types': "style-src 'self' 'unsafe-inline'; style-src-attr 'unsafe-inline'",
  }[policy];
  const trustedTypes =
    policy === 'trusted-types' ? "; require-trusted-types-for 'script'; trusted-types ask-ai-dialog" : '';
  return (
    `default-src 'self'; script-src 'self' 'nonce-${nonce}'; ${styles}; img-src 'self' data:; ` +
    `base-uri 'none'; object-src 'none'${trustedTypes}`
  );
}

function page(title: string, nonce: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${PREFIX}/backend.css" />
    <script nonce="${nonce}">
      window.TYPO3 = { settings: { ajaxUrls: ${JSON.stringify(AJAX_URLS)} } };
      // What a test reads: every Content-Security-Policy violation on this page.
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || event.sample)),
      );
    </script>
${head}
  </head>
  <body>
${body}
  </body>
</html>
`;
}

const BODYTEXT =
  '<p>The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.</p>' +
  '<p>Guided tours start every hour, and entry is free on Sundays.</p>';

/**
 * FormEngine's record form with the RTE: the editor built from the import map, the plugin imported the
 * way TYPO3's `importModules` does it.
 */
function rtePage(importMap: string, nonce: string, release: CkeditorRelease): string {
  const escaped = BODYTEXT.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return page(
    'TYPO3 — Edit content element (CKEditor 5)',
    nonce,
    `    <link rel="stylesheet" href="${MODULES}${CKEDITOR_CSS[release]}" />
    <script type="importmap" nonce="${nonce}">${importMap}</script>`,
    `    <h1>Edit content element</h1>
    <label for="bodytext">Bodytext</label>
    <textarea id="bodytext" name="data[tt_content][12][bodytext]">${escaped}</textarea>
    <label for="subheader">Subheader</label>
    <textarea id="subheader" name="data[tt_content][12][subheader]">Reopening after a year</textarea>
    <ol id="log" aria-label="Editor log"></ol>
    <script type="module" nonce="${nonce}">
      // As TYPO3's <typo3-rte-ckeditor-ckeditor5> does: each editor.config.importModules entry is import()ed
      // through the import map, then one ClassicEditor with licenseKey 'GPL' replaces the textarea.
      const importModules = [
        { module: '@ckeditor/ckeditor5-essentials', exports: ['Essentials'] },
        { module: '@ckeditor/ckeditor5-paragraph', exports: ['Paragraph'] },
        { module: '@ckeditor/ckeditor5-heading', exports: ['Heading'] },
        { module: '@ckeditor/ckeditor5-basic-styles', exports: ['Bold', 'Italic'] },
        { module: '@ckeditor/ckeditor5-link', exports: ['Link'] },
        { module: '@ckeditor/ckeditor5-list', exports: ['List'] },
        { module: '@ckeditor/ckeditor5-block-quote', exports: ['BlockQuote'] },
        { module: '@ckeditor/ckeditor5-table', exports: ['Table', 'TableToolbar'] },
        { module: '@ask-ai-dialog/typo3/ckeditor5.js', exports: ['AskAi'] },
      ];
      const plugins = [];
      for (const { module, exports } of importModules) {
        const loaded = await import(module);
        for (const name of exports) plugins.push(loaded[name]);
      }
      const { ClassicEditor } = await import('@ckeditor/ckeditor5-editor-classic');
      const textarea = document.querySelector('#bodytext');
      const [, table, uid, field] = /^data\\[(\\w+)\\]\\[(\\d+)\\]\\[(\\w+)\\]$/.exec(textarea.name);
      // As TYPO3's RichTextElement: language.ui from the backend user, language.content from the record.
      const query = new URLSearchParams(location.search);
      const editor = await ClassicEditor.create(textarea, {
        licenseKey: 'GPL',
        language: { ui: query.get('ui') ?? 'en', content: query.get('content') ?? 'en' },
        label: 'Bodytext',
        plugins,
        toolbar: ['askAi', '|', 'heading', '|', 'bold', 'italic', 'link', 'bulletedList', 'numberedList',
          'blockQuote', 'insertTable', '|', 'undo', 'redo'],
        askAi: {
          routes: { tools: 'ask_ai_tools', run: 'ask_ai_run', cancel: 'ask_ai_cancel', outcome: 'ask_ai_outcome' },
          configuration: 'default',
          record: { table, uid: Number(uid), field },
          markGenerated: true,
          onApply: ({ as, meta }) => {
            const item = document.createElement('li');
            item.textContent = (as === 'insert' ? 'Inserted: ' : 'Replaced: ') + meta.instruction;
            document.querySelector('#log').append(item);
          },
        },
      });
      // FormEngine notices model edits through the textarea's change event.
      editor.model.document.on('change:data', () => {
        textarea.value = editor.getData();
        textarea.dispatchEvent(new Event('change'));
      });
      // The same provenance as the plugin's \`apply\` event, for listeners added after the editor was built.
      window.appliedEvents = [];
      editor.plugins.get('AskAi').on('apply', (info, { as, meta }) => window.appliedEvents.push([as, meta.runUuid]));
      window.editor = editor;
      // A plain field of the same record with the field adapters, reached through the import map as well:
      // the page then holds the plugin and the widget module side by side, as FormEngine does.
      const { attachToTextarea, typo3Endpoints } = await import('@ask-ai-dialog/typo3/widget-standalone.js');
      attachToTextarea(document.querySelector('#subheader'), {
        endpoints: typo3Endpoints({ tools: 'ask_ai_tools', run: 'ask_ai_run' }),
        configuration: 'default',
        locale: 'en',
        messages: { trigger: 'Ask AI about the subheader' },
      });
      document.body.dataset.editor = 'ready';
    </script>`,
  );
}

/** A back-end page with the standalone widget only, for the policies' sake. */
function widgetPage(importMap: string, nonce: string): string {
  return page(
    'TYPO3 — widget under a Content-Security-Policy',
    nonce,
    `    <script type="importmap" nonce="${nonce}">${importMap}</script>`,
    `    <h1>Widget</h1>
    <label for="bodytext">Bodytext</label>
    <textarea id="bodytext">The museum reopens after a year of renovation.</textarea>
    <ask-ai-dialog tools-route="ask_ai_tools" run-route="ask_ai_run" cancel-route="ask_ai_cancel"
      configuration="default" locale="en"></ask-ai-dialog>
    <script type="module" nonce="${nonce}">import '@ask-ai-dialog/typo3/widget-standalone.js';</script>`,
  );
}

/** Plain fields with the adapters of the standalone widget: a textarea and a contenteditable region. */
function fieldsPage(importMap: string, nonce: string): string {
  return page(
    'TYPO3 — plain fields with Ask AI',
    nonce,
    `    <script type="importmap" nonce="${nonce}">${importMap}</script>`,
    `    <h1>Plain fields</h1>
    <label for="teaser">Teaser</label>
    <textarea id="teaser">The museum reopens after a year of renovation. Guided tours start every hour.</textarea>
    <p id="notes-label"><strong>Notes</strong></p>
    <div id="notes" contenteditable="true" role="textbox" aria-multiline="true" aria-labelledby="notes-label">
      <p>Entry is free on Sundays.</p><p>The café opens in spring.</p>
    </div>
    <ol id="log" aria-label="Editor log"></ol>
    <script type="module" nonce="${nonce}">
      const widget = await import('@ask-ai-dialog/typo3/widget-standalone.js');
      const { attachToTextarea, attachToContentEditable, typo3Endpoints } = widget;
      const routes = { tools: 'ask_ai_tools', run: 'ask_ai_run', cancel: 'ask_ai_cancel', outcome: 'ask_ai_outcome' };
      const log = ({ as, meta }) => {
        const item = document.createElement('li');
        item.textContent = (as === 'insert' ? 'Inserted: ' : 'Replaced: ') + meta.instruction;
        document.querySelector('#log').append(item);
      };
      const options = { endpoints: typo3Endpoints(routes), configuration: 'default', locale: 'en', onApply: log };
      const named = (trigger) => ({ ...options, messages: { trigger } });
      attachToTextarea(document.querySelector('#teaser'), named('Ask AI about the teaser'));
      attachToContentEditable(document.querySelector('#notes'), named('Ask AI about the notes'));
      document.body.dataset.fields = 'ready';
    </script>`,
  );
}

/** The host's own sheet: a file, as a back end ships it (`'self'`). */
const BACKEND_CSS = `body { font: 14px/1.4 Verdana, sans-serif; margin: 2rem; background: #fafafa; color: #1a1a1a; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
textarea { width: 40rem; max-width: 100%; height: 8rem; display: block; margin-bottom: 0.5rem; }
.ck-editor { max-width: 48rem; }
@media (prefers-color-scheme: dark) { body { background: #16181d; color: #e4e6eb; } }
:root { color-scheme: light dark; }`;

/**
 * `/typo3/record/edit` (the RTE), `/typo3/widget` and `/typo3/fields`, each with `?csp=typo3|self|nonce`
 * (default `typo3`).
 */
export function typo3PageMiddleware(root: string, build: () => Promise<BuiltFiles>) {
  return async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === `${PREFIX}/backend.css`) {
      response.setHeader('Content-Type', 'text/css');
      return response.end(BACKEND_CSS);
    }
    const pages: Record<string, (importMap: string, nonce: string, release: CkeditorRelease) => string> = {
      [`${PREFIX}/record/edit`]: rtePage,
      [`${PREFIX}/widget`]: widgetPage,
      [`${PREFIX}/fields`]: fieldsPage,
    };
    const render = pages[url.pathname];
    if (!render) return next();
    const release = releaseOf(url.searchParams.get('ckeditor'));
    let importMap: string;
    try {
      importMap = importMapJson(root, await build(), release);
    } catch (error) {
      response.statusCode = 500;
      return response.end(`typo3-backend: ${(error as Error).message}`);
    }
    const csp = url.searchParams.get('csp');
    const policy: PagePolicy = csp === 'self' || csp === 'nonce' || csp === 'trusted-types' ? csp : 'typo3';
    const nonce = Buffer.from(String(Math.random())).toString('base64').replace(/=/g, '');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('Content-Security-Policy', policyHeader(policy, nonce));
    response.setHeader('Cache-Control', 'no-store');
    response.end(render(importMap, nonce, release));
  };
}
