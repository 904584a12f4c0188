import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as a consumer gets it: packed with `npm pack`, unpacked into consumer projects, and
 * checked there with the consumer's own module resolution and React. `npm run build` runs first.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.tmp/package');
const FIXTURE = join(ROOT, 'test/package/consumer');
const REACT18 = join(ROOT, 'test/package/react18');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

let unpacked = '';

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** A consumer folder: the unpacked package in its node_modules, the consumer's sources beside it. */
function consumer(dir: string, linkFromRoot: readonly string[]) {
  rmSync(join(dir, 'node_modules/ask-ai-dialog'), { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  // A copy, not a link: a link would let the package find the project's own React through its real path.
  cpSync(unpacked, join(dir, 'node_modules/ask-ai-dialog'), { recursive: true });
  for (const name of linkFromRoot) {
    const target = join(dir, 'node_modules', name);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
  }
  const check = join(dir, '.check');
  rmSync(check, { recursive: true, force: true });
  mkdirSync(check, { recursive: true });
  writeFileSync(join(check, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  for (const file of ['consumer.tsx', 'deliberate-error.tsx', 'server-render.mjs']) {
    cpSync(join(FIXTURE, file), join(check, file));
  }
  return check;
}

/** As `run`, without waiting: the type checks of both consumers run side by side (each is one process). */
function started(command: string, args: string[], cwd: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ status: null, output: `${output}${error.message}` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

type Resolution = 'bundler' | 'nodenext';
const FILES = ['consumer.tsx', 'deliberate-error.tsx'] as const;
/** What tsc said outside the deliberate file: its lines that start a message (a message's own go on indented). */
const outsideDeliberate = (output: string) =>
  output.split('\n').filter((line) => /^\S/.test(line) && !line.startsWith('deliberate-error.tsx('));

/**
 * One program of the consumer's file and the deliberate error's: the package's declarations and React's are
 * checked once for both. The consumer's check reads the errors outside the deliberate file.
 */
function typecheck(dir: string, resolution: Resolution) {
  const config = join(dir, `tsconfig.${resolution}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        jsx: 'react-jsx',
        target: 'es2022',
        lib: ['es2023', 'dom', 'dom.iterable'],
        module: resolution === 'bundler' ? 'esnext' : 'nodenext',
        moduleResolution: resolution,
        types: [],
        // The package's declarations are checked too: a broken one must show.
        skipLibCheck: false,
      },
      files: [...FILES],
    }),
  );
  return started(process.execPath, [TSC, '-p', config], dir);
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error('Run `npm run build` before the package checks.');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', WORK], { cwd: ROOT, encoding: 'utf8' }),
  ) as Array<{ filename: string }>;
  const tarball = join(WORK, packed[0]!.filename);
  execFileSync('tar', ['-xzf', tarball, '-C', WORK]);
  unpacked = join(WORK, 'package');
  // React 18 lives in its own fixture (its runtime cannot share a node_modules with React 19).
  if (!existsSync(join(REACT18, 'node_modules/react/package.json'))) {
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: REACT18, stdio: 'ignore' });
  }
}, 180_000);

describe('the packed tarball', () => {
  it('holds the licence and no stories, demo or story source maps', () => {
    const files = run('find', ['.', '-type', 'f'], unpacked).output.split('\n');
    expect(files).toContain('./LICENSE');
    expect(files.filter((file) => /stories|story-|demo/.test(file))).toEqual([]);
    for (const map of files.filter((file) => file.endsWith('.map'))) {
      const sources = (JSON.parse(readFileSync(join(unpacked, map), 'utf8')) as { sources: string[] }).sources;
      expect(
        sources.filter((source) => /stories|demo/.test(source)),
        map,
      ).toEqual([]);
    }
  });

  it("marks the React entries 'use client' and nothing else", () => {
    const firstLine = (file: string) => readFileSync(join(unpacked, 'dist', file), 'utf8').split('\n')[0];
    expect(firstLine('index.js')).toBe('"use client";');
    expect(firstLine('widget.js')).toBe('"use client";');
    expect(firstLine('fields.js')).toBe('"use client";');
    expect(firstLine('ckeditor5.js')).not.toContain('use client');
    expect(firstLine('client.js')).not.toContain('use client');
    expect(firstLine('unattended.js')).not.toContain('use client');
  });
});

const REACT19_LINKS = [
  'react',
  'react-dom',
  'scheduler',
  '@types/react',
  '@types/react-dom',
  'csstype',
  '@tanstack/react-query',
  '@tanstack/query-core',
];

const CONSUMERS = [
  ['React 19', () => consumer(join(WORK, 'react19'), REACT19_LINKS)],
  ['React 18', () => consumer(REACT18, [])],
] as const;
const RESOLUTIONS = ['bundler', 'nodenext'] as const;

/** Each consumer's folder, and its type checks, started at once for both (the tests read their results). */
const folders = new Map<string, string>();
const checks = new Map<string, ReturnType<typeof typecheck>>();
const checkOf = (react: string, mode: Resolution) => checks.get(`${react} ${mode}`)!;

beforeAll(() => {
  for (const [react, prepare] of CONSUMERS) {
    const dir = prepare();
    folders.set(react, dir);
    for (const mode of RESOLUTIONS) checks.set(`${react} ${mode}`, typecheck(dir, mode));
  }
});

describe.each(CONSUMERS.map(([react]) => react))('a consumer on %s', (react) => {
  it.each(RESOLUTIONS)('type-checks against the package with moduleResolution %s', async (mode) => {
    const result = await checkOf(react, mode);
    // tsc speaks of the deliberate file only: of nothing in the consumer's code, the package's or React's types.
    expect(outsideDeliberate(result.output)).toEqual([]);
    expect(result.output).toMatch(/^deliberate-error\.tsx\(/);
  });

  it.each(RESOLUTIONS)('reports a deliberate type error with moduleResolution %s', async (mode) => {
    const result = await checkOf(react, mode);
    expect(result.status).not.toBe(0);
    // Both errors are found: the types are real, not `any`.
    expect(result.output).toMatch(/deliberate-error\.tsx\(5,\d+\): error TS2322/);
    expect(result.output).toMatch(/deliberate-error\.tsx\(7,\d+\): error TS2322/);
  });

  it('renders on the server without a word on the console', () => {
    const result = run(process.execPath, ['server-render.mjs'], folders.get(react)!);
    expect(result.status, result.output).toBe(0);
    const { html, written } = JSON.parse(result.output) as { html: string; written: string[] };
    expect(written).toEqual([]);
    expect(html).toContain('Ask AI');
  });
});
