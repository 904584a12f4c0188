import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PhpServer {
  /** `http://127.0.0.1:PORT/api/ask-ai` */
  readonly base: string;
  /** What the scripted runtime was asked and how each run ended; recorded outcomes. */
  journal(): Promise<{ runs: Array<Record<string, unknown>>; outcomes: Array<Record<string, unknown>> }>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * `npm run php:serve` on a free port: the TYPO3 extension's real controller on the simulated catalogue
 * (typo3/Tests/Server/router.php). Fails with what PHP printed when it does not come up.
 */
export async function startPhpServer(stepDelayMs = 40): Promise<PhpServer> {
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), 'ask-ai-php-'));
  let output = '';
  const child: ChildProcess = spawn('bash', ['scripts/php-serve.sh', String(port)], {
    env: { ...process.env, ASK_AI_STATE_DIR: state, ASK_AI_STEP_DELAY_MS: String(stepDelayMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: PHP's workers are the master's children and go with it.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}/api/ask-ai`;
  const journal = async () =>
    (await (await fetch(`${base}/journal`)).json()) as Awaited<ReturnType<PhpServer['journal']>>;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`php:serve exited (${child.exitCode}): ${output}`);
    try {
      await journal();
      break;
    } catch {
      if (Date.now() > deadline) {
        // Nothing left behind when it never came up: the master and its workers go.
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
        throw new Error(`php:serve did not answer within 60 s: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    base,
    journal,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(state, { recursive: true, force: true });
    },
  };
}
