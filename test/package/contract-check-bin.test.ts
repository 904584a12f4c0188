import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as MockBackend from '../../src/mock-backend';

type MockEntry = typeof MockBackend;

const run = promisify(execFile);

/** The package's bin, `ask-ai-dialog-contract-check`, against the package's own simulated backend over HTTP. */
describe('npx ask-ai-dialog-contract-check', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    // The built package's own entry, as a consumer gets it (typed by its source).
    const built: string = '../../dist/mocks.js';
    const { createSimulatedBackend } = (await import(built)) as MockEntry;
    const backend = createSimulatedBackend({ initialState: { latency: 0 } });
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : null;
      const response = await backend.handle(
        new Request(`http://127.0.0.1${req.url}`, {
          method: req.method ?? 'GET',
          headers: req.headers as HeadersInit,
          body,
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ask-ai`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is declared as a bin that runs under node', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
    expect(manifest.bin['ask-ai-dialog-contract-check']).toBe('./dist/contract-check.js');
    expect(readFileSync('dist/contract-check.js', 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('checks a backend over HTTP and ends with N passed, 0 failed', async () => {
    const args = ['--tools', `${base}/tools`, '--run', `${base}/run`, '--cancel', `${base}/cancel`];
    const { stdout } = await run(process.execPath, ['dist/contract-check.js', ...args, '--outcome', `${base}/outcome`]);
    expect(stdout).toMatch(/^\d+ passed, 0 failed$/m);
    expect(stdout).toContain('✓ the server’s `unattended` agrees with ADR-210 as the client computes it');
  });

  it('says how to call it when a URL is missing', async () => {
    await expect(run(process.execPath, ['dist/contract-check.js'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--tools <url> --run <url>'),
    });
  });
});
