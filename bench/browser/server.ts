import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { deltas, longAnswer } from './answer';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The benchmark pages over real HTTP: the React widget (`dist/widget.js` bundled with React as a
 * host's bundler would, minified, production) and the standalone widget (`dist/widget-standalone.js`
 * as shipped) on identical pages, a plain-text floor, and a backend that streams the same NDJSON to
 * each: one delta per millisecond, on the wall clock.
 */
export async function startBenchServer(): Promise<{ url: string; close(): Promise<void> }> {
  const react = await build({
    stdin: { contents: "export { mount } from './dist/widget.js';", resolveDir: ROOT, loader: 'js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: '/react',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const files = new Map<string, string>();
  for (const file of react.outputFiles) files.set(file.path.replace('/react/stdin.js', '/react/widget.js'), file.text);
  // The standalone file as shipped, with the chunks beside it that it imports (relative URLs).
  // Under its own name: the chunks import what they share from it (`./widget-standalone.js`).
  for (const name of readdirSync(resolve(ROOT, 'dist'))) {
    if (name.startsWith('widget-standalone') && name.endsWith('.js'))
      files.set(`/preact/${name}`, readFileSync(resolve(ROOT, 'dist', name), 'utf8'));
  }
  const answer = longAnswer();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const script = files.get(url.pathname);
    if (script !== undefined) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' });
      response.end(script);
      return;
    }
    if (url.pathname === '/api/tools') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: true, tools: [] }));
      return;
    }
    if (url.pathname === '/api/run') {
      request.resume();
      const n = url.searchParams.get('n');
      if (n === 'json') {
        // The same answer in one JSON body (an unstreamed nr-llm answer): the dialog's cost of showing it.
        response.writeHead(200, { 'content-type': 'application/json' });
        const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
        response.end(JSON.stringify({ success: true, finalContent: answer, iterations: 1, truncated: false, usage }));
        return;
      }
      void stream(response, n === 'short' ? 'Short *answer*.' : n === 'lines' ? LINES : answer, url);
      return;
    }
    const impl = url.pathname.slice(1);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(impl === 'floor' ? FLOOR_PAGE : widgetPage(impl === 'preact' ? 'preact' : 'react'));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A 100,000-line answer (a list, one short item a line: 1.2 MB), in one burst. */
const LINES = Array.from({ length: 100_000 }, (_, i) => `- item ${i + 1}`).join('\n');

async function stream(response: ServerResponse, answer: string, url: URL) {
  const n = url.searchParams.get('n');
  const count = n === 'short' ? 3 : 6000;
  // `burst` (and the 100,000 lines): every delta in one write, as a proxy that buffers NDJSON delivers it.
  const burst = n === 'burst' || n === 'lines';
  const pieces = deltas(answer, count);
  const line = (event: object) => `${JSON.stringify(event)}\n`;
  let closed = false;
  response.on('close', () => (closed = true));
  response.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
  response.write(line({ event: 'started', runUuid: 'bench' }));
  const start = performance.now();
  let sent = 0;
  while (sent < pieces.length && !closed) {
    // Every delta due by now (one per ms since the start): the average rate holds even when timers lag.
    const due =
      count === 3 || burst ? pieces.length : Math.min(pieces.length, Math.floor(performance.now() - start) + 1);
    let chunk = '';
    for (; sent < due; sent++) chunk += line({ event: 'delta', text: pieces[sent] });
    if (chunk !== '') response.write(chunk);
    if (sent < pieces.length) await new Promise((r) => setTimeout(r, 1));
  }
  const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
  response.end(line({ event: 'done', success: true, finalContent: answer, iterations: 1, truncated: false, usage }));
}

/**
 * What every page measures alike: long tasks, animation frames and DOM update batches in a window. A
 * long task is reported to the observer's callback a task or more after it ends: the window's end waits
 * a task and takes what the observer holds, and its start drops what it holds from before.
 */
const PROBE = `
window.longTasks = [];
const longTaskObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push(e.duration); });
longTaskObserver.observe({ type: 'longtask', buffered: true });
window.window_ = { frames: 0, batches: 0, on: false };
const tick = () => { if (window.window_.on) window.window_.frames++; requestAnimationFrame(tick); };
requestAnimationFrame(tick);
window.watch = (root) => new MutationObserver(() => { if (window.window_.on) window.window_.batches++; })
  .observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
window.measureStart = () => { longTaskObserver.takeRecords(); window.longTasks = [];
  window.window_ = { frames: 0, batches: 0, on: true }; };
window.measureEnd = async () => { window.window_.on = false;
  await new Promise((r) => setTimeout(r));
  for (const e of longTaskObserver.takeRecords()) window.longTasks.push(e.duration);
  return { ...window.window_, longest: Math.max(0, ...window.longTasks) }; };
`;

function widgetPage(impl: 'react' | 'preact'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${impl}</title></head>
<body><main><h1>Bench</h1><div id="host"></div></main>
<script>${PROBE}</script>
<script type="module">
import { mount } from '/${impl}/${impl === 'preact' ? 'widget-standalone' : 'widget'}.js';
const host = document.getElementById('host');
const run = new URLSearchParams(location.search).get('n') ?? 'long';
window.dialog = mount(host, { endpoints: { tools: '/api/tools', run: '/api/run?n=' + run }, onInsert() {} });
window.watch(host.shadowRoot);
window.ready = true;
</script></body></html>`;
}

/**
 * The floor: the same stream read with fetch, its lines split and parsed, and the text appended once
 * per animation frame as a plain text node. Nothing a dialog could do costs less.
 */
const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body><pre id="out" style="white-space:pre-wrap"></pre>
<script>${PROBE}
window.watch(document.getElementById('out'));
window.ready = true;
window.floor = async () => {
  window.floorDone = false;
  const out = document.getElementById('out');
  out.textContent = '';
  const response = await fetch('/api/run?n=' + (new URLSearchParams(location.search).get('n') ?? 'long'), {
    method: 'POST', body: '{}' });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '', pending = '', frame = null;
  const paint = () => { frame = null; out.append(pending); pending = ''; };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\\n')) !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.trim() === '') continue;
      const event = JSON.parse(line);
      if (event.event === 'delta') { pending += event.text; frame ??= requestAnimationFrame(paint); }
    }
  }
  await new Promise((r) => requestAnimationFrame(r));
  window.floorDone = true;
};
</script></body></html>`;
