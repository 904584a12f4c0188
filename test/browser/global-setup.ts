import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

/** As many demo servers as files run side by side (vitest.browser.config.ts `maxWorkers`). */
export const DEMO_SERVERS = 2;

const servers: PreviewServer[] = [];

/**
 * Builds the demo as an app (vite.demo.config.ts: its pages from the source, a few seconds) and serves it
 * with the simulated backend and the TYPO3-like pages over real HTTP, on free ports: one server per worker,
 * as each file resets and sets its simulated backend (a file takes its worker's: `VITEST_POOL_ID`). Built,
 * not served by the dev server: a page loads in a few requests, not a module per request (a test's page
 * and dialog took 1.9 s on the dev server).
 */
export async function setup(project: TestProject) {
  await build({ configFile: 'vite.demo.config.ts', logLevel: 'error' });
  const urls: string[] = [];
  for (let i = 0; i < DEMO_SERVERS; i++) {
    const server = await preview({
      configFile: 'vite.demo.config.ts',
      // `ask-ai.test` is how the plain-HTTP test reaches it: a name, not localhost (not a secure context).
      preview: { port: 0, host: '127.0.0.1', strictPort: false, allowedHosts: ['ask-ai.test'] },
      logLevel: 'error',
    });
    servers.push(server);
    const address = server.httpServer.address();
    if (!address || typeof address !== 'object') throw new Error('The preview server has no address.');
    urls.push(`http://127.0.0.1:${address.port}`);
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
