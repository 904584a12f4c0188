/**
 * Completes the relative import paths of the emitted declarations (`'./x'` → `'./x.js'`,
 * `'../client'` → `'../client/index.js'`). tsc keeps the extension-less paths the sources use
 * (right for bundlers), but a consumer that resolves with node16/nodenext cannot follow them and
 * silently reads every such type as `any`.
 *
 *   tsx scripts/complete-declaration-paths.ts dist/types
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** The specifier with the extension Node needs, or as it was when it already has one. */
function complete(specifier: string, fromDir: string): string {
  if (/\.(js|mjs|cjs|json|css)$/.test(specifier)) return specifier;
  const target = resolve(fromDir, specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`complete-declaration-paths: ${specifier} from ${fromDir} has no declaration file`);
}

function* declarations(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* declarations(path);
    else if (name.endsWith('.d.ts')) yield path;
  }
}

const root = process.argv[2];
if (!root) throw new Error('Usage: tsx scripts/complete-declaration-paths.ts <declarations folder>');
let changed = 0;
for (const file of declarations(root)) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(SPECIFIER, (_all, before: string, quote: string, specifier: string) => {
    return `${before}${quote}${complete(specifier, dirname(file))}${quote}`;
  });
  if (next !== text) {
    writeFileSync(file, next);
    changed++;
  }
}
console.log(`complete-declaration-paths: ${changed} declaration files completed`);
