import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Each public entry bundled as a user's bundler would (minified, peers external), gzipped, against
 * the ceilings of DESIGN.md; and names that must never be pulled into an entry. Sizes are
 * deterministic, so this runs in `npm test`; timings live in `npm run bench`.
 */
interface Budget {
  readonly entry: string;
  readonly maxGzipBytes: number;
  readonly external: readonly string[];
  readonly mustNotContain: readonly string[];
}

const PEERS = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', '@tanstack/react-query'];

export const BUDGETS: Record<string, Budget> = {
  'ask-ai-dialog/unattended': { entry: 'src/unattended/index.ts', maxGzipBytes: 1024, external: [], mustNotContain: ['react', 'zod'] },
  'ask-ai-dialog/client': { entry: 'src/client/index.ts', maxGzipBytes: 14 * 1024, external: [], mustNotContain: ['react', 'react-dom', 'msw', '@tanstack/react-query'] },
  'ask-ai-dialog': { entry: 'src/react/index.ts', maxGzipBytes: 25 * 1024, external: PEERS, mustNotContain: ['msw', 'vite'] },
  'ask-ai-dialog/mocks': { entry: 'src/mock-backend/index.ts', maxGzipBytes: 30 * 1024, external: ['msw'], mustNotContain: ['vite', 'react'] },
};

async function bundle(budget: Budget): Promise<{ code: string; packages: Set<string> }> {
  const result = await build({
    metafile: true,
    entryPoints: [budget.entry],
    bundle: true,
    // As a user's bundler builds it: what the entry imports lazily goes to its own chunk.
    splitting: true,
    outdir: '.tmp/size',

    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: [...budget.external],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    loader: { '.css': 'text' },
  });
  // The entry's own file and the chunks it imports eagerly; chunks behind import() are left out.
  const outputs = result.metafile.outputs;
  const entryFile = Object.keys(outputs).find((file) => outputs[file]?.entryPoint !== undefined && file.endsWith('.js'));
  const eager = new Set<string>();
  const visit = (file: string | undefined) => {
    if (!file || eager.has(file)) return;
    eager.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (!imported.external && imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryFile);
  const code = result.outputFiles.filter((f) => [...eager].some((file) => f.path.endsWith(file))).map((f) => f.text).join('\n');
  // Every package the bundle reads, inlined or left as an import.
  const packages = new Set<string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    if (match?.[1]) packages.add(match[1]);
  }
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) if (imported.external) packages.add(imported.path.replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1'));
  }
  return { code, packages };
}

describe('bundle budgets (gzip, minified)', () => {
  for (const [name, budget] of Object.entries(BUDGETS)) {
    it(`${name} stays within ${budget.maxGzipBytes} bytes and pulls in none of ${budget.mustNotContain.join(', ')}`, async () => {
      const { code, packages } = await bundle(budget);
      const size = gzipSync(code, { level: 9 }).length;
      console.log(`${name}: ${size} B gzip (budget ${budget.maxGzipBytes} B)`);
      expect(size).toBeLessThanOrEqual(budget.maxGzipBytes);
      for (const forbidden of budget.mustNotContain) {
        expect([...packages]).not.toContain(forbidden);
      }
    });
  }
});

