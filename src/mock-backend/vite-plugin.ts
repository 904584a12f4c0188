import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { createSimulatedBackend, type SimulatedBackend, type SimulatedBackendOptions } from './simulated-backend';

export interface AskAiBackendPluginOptions extends SimulatedBackendOptions {
  /** Serve this backend instead of a new one (to change its state from the same process). */
  readonly backend?: SimulatedBackend;
}

async function readNodeRequestBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Bridges a Node request to the backend's fetch handler and streams its answer back. */
async function serve(backend: SimulatedBackend, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
  const body = await readNodeRequestBody(req);
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    body: body ? body.toString('utf8') : null,
    signal: abort.signal,
  });
  const response = await backend.handle(request);
  // A network error has no HTTP answer: drop the connection.
  if (response.type === 'error') return void req.socket.destroy();
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || abort.signal.aborted) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream.
  } finally {
    res.end();
  }
}

/**
 * A Vite plugin that serves the simulated nr-llm backend over real HTTP from the dev server (and
 * `vite preview`): `{basePath}/tools`, `/run`, `/cancel` and `/simulation`.
 *
 * @example
 * // vite.config.ts
 * import { askAiBackend } from 'ask-ai-dialog/mocks/vite';
 * export default defineConfig({ plugins: [askAiBackend()] });
 */
export function askAiBackend(options: AskAiBackendPluginOptions = {}): Plugin {
  const backend = options.backend ?? createSimulatedBackend(options);
  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith(`${backend.basePath}/`)) return next();
    serve(backend, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'The simulated backend failed.' }));
    });
  };
  return {
    name: 'ask-ai-dialog:simulated-backend',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
