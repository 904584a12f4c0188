import { createServer, type ViteDevServer } from 'vite';
import type { TestProject } from 'vitest/node';

/** As many demo servers as files run side by side (vitest.browser.config.ts `maxWorkers`). */
export const DEMO_SERVERS = 2;

const servers: ViteDevServer[] = [];

/**
 * Serves the demo, the widget host page and the simulated backend over real HTTP, on free ports: one
 * server per worker, as each file resets and sets its simulated backend (a file takes its worker's:
 * `VITEST_POOL_ID`). The first prepares vite's dependency pre-bundling before the second starts.
 */
export async function setup(project: TestProject) {
  const urls: string[] = [];
  for (let i = 0; i < DEMO_SERVERS; i++) {
    const server = await createServer({
      configFile: 'vite.config.ts',
      // `ask-ai.test` is how the plain-HTTP test reaches it: a name, not localhost (not a secure context).
      server: { port: 0, host: '127.0.0.1', strictPort: false, allowedHosts: ['ask-ai.test'] },
      logLevel: 'error',
    });
    servers.push(server);
    await server.listen();
    const address = server.httpServer?.address();
    if (!address || typeof address !== 'object') throw new Error('The dev server has no address.');
    const origin = `http://127.0.0.1:${address.port}`;
    urls.push(origin);
    // A module's first request waits for the dependency optimizer: each page's entry module is asked for.
    for (const path of ['/', '/tiptap.html', '/typo3-host.html']) {
      const html = await (await fetch(`${origin}${path}`)).text();
      for (const [, entry] of html.matchAll(/<script type="module" src="([^"]+)"/g)) {
        await (await fetch(`${origin}${entry}`)).text();
      }
    }
  }
  project.provide('baseUrls', urls);
}

export async function teardown() {
  await Promise.all(servers.splice(0).map((server) => server.close()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}
