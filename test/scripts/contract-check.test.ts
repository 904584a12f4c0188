import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConformance, streamingNote } from '../../scripts/contract-check';

let server: ViteDevServer;
let origin = '';

beforeAll(async () => {
  // The project's own vite.config.ts: plain `vite` serves the simulated backend over real HTTP.
  server = await createServer({
    configFile: 'vite.config.ts',
    server: { port: 0, host: '127.0.0.1' },
    // Only the simulated backend is asked for here, no page: no dependency scan or pre-bundling, which
    // took the machine's cores at the same time.
    optimizeDeps: { noDiscovery: true, include: [] },
    logLevel: 'silent',
  });
  await server.listen();
  const address = server.httpServer?.address();
  origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  await fetch(`${origin}/api/ask-ai/simulation`, { method: 'PUT', body: JSON.stringify({ latency: 0 }) });
  // The first request loads the simulated backend's modules through vite: beside four CPU-bound loops and
  // the other suites that took longer than the suite's 60 s for hooks.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('contract:check against the simulated backend served by vite', () => {
  it('finds everything conforming', async () => {
    const results = await checkConformance({
      tools: `${origin}/api/ask-ai/tools`,
      run: `${origin}/api/ask-ai/run`,
      cancel: `${origin}/api/ask-ai/cancel`,
      outcome: `${origin}/api/ask-ai/outcome`,
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.length).toBeGreaterThan(10);
    // The refinement and the outcome endpoint are covered.
    const lines = results.map((r) => r.line).join('\n');
    expect(lines).toContain('a refinement (context.previousAnswer, previousInstruction) is answered');
    expect(lines).toContain('POST outcome answers { success: true }');
    expect(lines).toContain('an outcome other than helpful / not_helpful is refused with 400');
    const refined = /the refinement answered (\d+) characters; the answer it refined had (\d+)/.exec(lines);
    expect(Number(refined?.[1])).toBeLessThan(Number(refined?.[2]));
  });

  it('says whether the answer streamed to it, or came together at the end', async () => {
    const results = await checkConformance({ tools: `${origin}/api/ask-ai/tools`, run: `${origin}/api/ask-ai/run` });
    // The simulated backend answers at once in tests: too quick to tell.
    expect(results.find((r) => r.line.includes('after the request, the end at'))?.line).toMatch(
      /too quick to tell whether it streams/,
    );
    expect(streamingNote({ deltaTimes: [150, 300, 450], endedAt: 1650 })).toMatch(/: the answer streams$/);
    expect(streamingNote({ deltaTimes: [5790, 5800, 5810], endedAt: 5823 })).toMatch(
      /first 5790 ms after the request, the end at 5823 ms: the pieces came together at the end: something buffers/,
    );
    expect(streamingNote({ deltaTimes: [], endedAt: 2000 })).toMatch(/no delta events: the answer came whole/);
  });

  it('runs as the npm script and prints a closing count', async () => {
    const { stdout } = await promisify(execFile)('npm', [
      'run',
      '--silent',
      'contract:check',
      '--',
      '--tools',
      `${origin}/api/ask-ai/tools`,
      '--run',
      `${origin}/api/ask-ai/run`,
    ]);
    expect(stdout).toMatch(/^✓ every tool entry fits the contract/m);
    expect(stdout).toMatch(/^\d+ passed, 0 failed$/m);
  }, 90_000);

  it('reports what does not conform', async () => {
    await fetch(`${origin}/api/ask-ai/simulation`, { method: 'PUT', body: JSON.stringify({ fault: 'no-terminal' }) });
    try {
      const results = await checkConformance({ tools: `${origin}/api/ask-ai/tools`, run: `${origin}/api/ask-ai/run` });
      expect(results.filter((r) => !r.ok).map((r) => r.line)).toContain('the stream ends with a terminal event');
    } finally {
      await fetch(`${origin}/api/ask-ai/simulation`, { method: 'PUT', body: JSON.stringify({ fault: null }) });
    }
  });
});
