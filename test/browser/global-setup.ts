import { createServer, type ViteDevServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: ViteDevServer | undefined;

/** Serves the demo, the widget host page and the simulated backend over real HTTP, on a free port. */
export async function setup(project: TestProject) {
  server = await createServer({
    configFile: 'vite.config.ts',
    // `ask-ai.test` is how the plain-HTTP test reaches it: a name, not localhost (not a secure context).
    server: { port: 0, host: '127.0.0.1', strictPort: false, allowedHosts: ['ask-ai.test'] },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address !== 'object') throw new Error('The dev server has no address.');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
}

export async function teardown() {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
