/**
 * One-line breakages of the code changed since a revision, and whether the fast tests catch each: a
 * seeded sample of the lines added under src/ and typo3/Classes/, each broken the way a slip would break
 * it (a comparison turned, a condition negated, a boolean flipped, a number moved by one, a call left out,
 * a value returned early), the area's fast tests run (Vitest with jsdom for TypeScript, PHPUnit for PHP),
 * the line put back. Reports each breakage and the share caught, TypeScript and PHP apart. Not part of
 * `npm test`: StrykerJS (`npm run test:mutation`) is the exhaustive run; this is the quick, fresh sample.
 *
 *   npx tsx scripts/breakages.ts --since <revision> [--count 30] [--seed 7] [--only ts|php] [--dry 1]
 *
 * `--dry 1` prints the sample without running the tests.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type ts from 'typescript';
import { equivalentCoalesce, projectProgram } from './equivalent-coalesce';

interface Candidate {
  readonly file: string;
  readonly line: number;
}
interface Breakage extends Candidate {
  readonly before: string;
  readonly after: string;
}

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const since = args.get('since');
if (!since) {
  console.error('usage: npx tsx scripts/breakages.ts --since <revision> [--count 30] [--seed 7] [--only ts|php]');
  process.exit(2);
}
const count = Number(args.get('count') ?? 30);
const only = args.get('only');
let seed = Number(args.get('seed') ?? 7);
/** A small seeded generator (mulberry32): the same sample for the same revision and seed. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const COALESCE = /\?\? /;
/** Each rewrite turns one token of a line; the first of a line's matches is taken. */
const REWRITES: ReadonlyArray<readonly [RegExp, string | ((match: string) => string)]> = [
  [/===/, '!=='],
  [/!==/, '==='],
  [/ <= /, ' < '],
  [/ >= /, ' > '],
  [/ < /, ' <= '],
  [/ > /, ' >= '],
  [/ && /, ' || '],
  [/ \|\| /, ' && '],
  [/\btrue\b/, 'false'],
  [/\bfalse\b/, 'true'],
  [/\bif \(/, 'if (!'],
  [/(?<![\w.])(\d+)(?![\w.])/, (n) => String(Number(n) + 1)],
  [COALESCE, '|| '],
];

let program: ts.Program | undefined;

/** The lines added since the revision, in the files the sample covers. */
function addedLines(): Candidate[] {
  const diff = spawnSync('git', ['diff', '-U0', `${since}..HEAD`, '--', 'src', 'typo3/Classes'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).stdout;
  const found: Candidate[] = [];
  let file = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) file = line.slice(6);
    const hunk = /^@@ -\S+ \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || !/\.(ts|tsx|php)$/.test(file) || /\.(stories|d)\.tsx?$/.test(file) || /\/index\.ts$/.test(file)) {
      continue;
    }
    const start = Number(hunk[1]);
    for (let n = 0; n < Number(hunk[2] ?? 1); n++) found.push({ file, line: start + n });
  }
  return found.filter(({ file }) =>
    only === 'php' ? file.endsWith('.php') : only === 'ts' ? !file.endsWith('.php') : true,
  );
}

const leftOut: Candidate[] = [];

/** The line broken, or null where it is a comment, a declaration or has nothing to turn. */
function breakageOf(candidate: Candidate): Breakage | null {
  const before = readFileSync(candidate.file, 'utf8').split('\n')[candidate.line - 1] ?? '';
  const code = before.trim();
  if (
    code === '' ||
    /^(\/\/|\/\*|\*|#|import |use |export (type|interface) |namespace |declare|readonly |type |interface )/.test(
      code,
    ) ||
    /^(public|private|protected)?\s*(const|function)\b.*[^;]$/.test(code)
  ) {
    return null;
  }
  let options = REWRITES.filter(([pattern]) => pattern.test(before));
  const typeScript = !candidate.file.endsWith('.php');
  if (
    typeScript &&
    COALESCE.test(before) &&
    equivalentCoalesce((program ??= projectProgram()), candidate.file, candidate.line)
  ) {
    options = options.filter(([pattern]) => pattern !== COALESCE);
    leftOut.push(candidate);
    if (options.length === 0) return null;
  }
  if (options.length === 0) {
    // A statement left out: a call whose result is not used.
    return /^[\w$.>?()[\]'"-]+\(.*\);$/.test(code) && !/^return\b/.test(code)
      ? { ...candidate, before, after: before.replace(code, `/* ${code} */`) }
      : null;
  }
  const [pattern, to] = options[Math.floor(random() * options.length)]!;
  const after = before.replace(pattern, to as string);
  return after === before ? null : { ...candidate, before, after };
}

/** The fast tests of the area a file is in. */
function testsFor(file: string): string[] {
  if (file.endsWith('.php')) return [];
  const area = /^src\/([\w-]+)\//.exec(file)?.[1] ?? '';
  const areas: Record<string, string[]> = {
    unattended: ['test/unattended'],
    contract: ['test/contract', 'test/client'],
    client: ['test/client', 'test/session'],
    session: ['test/session', 'test/react'],
    i18n: ['test/i18n', 'test/session'],
    markdown: ['test/markdown'],
    editors: ['test/editors', 'test/widget', 'test/ckeditor5', 'test/tiptap'],
    react: ['test/react', 'test/react-logic', 'test/widget'],
    widget: ['test/widget'],
    ckeditor5: ['test/ckeditor5'],
    tiptap: ['test/tiptap'],
    'mock-backend': ['test/mock-backend'],
    typo3: ['test/typo3'],
  };
  return areas[area] ?? ['test'];
}

/** Whether the fast tests fail with the breakage in place (the file is put back in any case). */
function caught(breakage: Breakage): boolean {
  const original = readFileSync(breakage.file, 'utf8');
  const lines = original.split('\n');
  lines[breakage.line - 1] = breakage.after;
  writeFileSync(breakage.file, lines.join('\n'));
  try {
    const run = breakage.file.endsWith('.php')
      ? spawnSync('phpunit', ['-c', 'typo3/phpunit.xml.dist', '--stop-on-failure'], {
          encoding: 'utf8',
          env: { ...process.env, NRLLM_PATH: process.env.NRLLM_PATH ?? '../shared/vendor/nr-llm' },
        })
      : spawnSync('node_modules/.bin/vitest', ['run', '--bail', '1', ...testsFor(breakage.file)], {
          encoding: 'utf8',
          // A breakage that makes a loop endless never lets the tests finish: caught, as Stryker counts a timeout.
          timeout: 600_000,
          killSignal: 'SIGKILL',
        });
    return run.status !== 0;
  } finally {
    writeFileSync(breakage.file, original);
  }
}

const pool = addedLines();
const sample: Breakage[] = [];
const perLanguage = only ? count : Math.ceil(count / 2);
for (const language of only ? [only] : ['ts', 'php']) {
  const own = pool.filter(({ file }) => (language === 'php') === file.endsWith('.php'));
  let taken = 0;
  while (own.length > 0 && taken < perLanguage) {
    const [candidate] = own.splice(Math.floor(random() * own.length), 1);
    const breakage = breakageOf(candidate!);
    if (breakage) {
      sample.push(breakage);
      taken++;
    }
  }
}

for (const { file, line } of leftOut) {
  console.log(`left out ${file}:${line}  its \`??\` made \`||\` changes no value (proven by TypeScript)`);
}
if (args.get('dry')) {
  for (const b of sample) console.log(`${b.file}:${b.line}  ${b.after.trim()}`);
  process.exit(0);
}

const tally = { ts: { caught: 0, all: 0 }, php: { caught: 0, all: 0 } };
for (const breakage of sample) {
  const language = breakage.file.endsWith('.php') ? 'php' : 'ts';
  const yes = caught(breakage);
  tally[language].all++;
  if (yes) tally[language].caught++;
  console.log(`${yes ? 'caught  ' : 'SURVIVED'} ${breakage.file}:${breakage.line}  ${breakage.after.trim()}`);
}
for (const [language, { caught: c, all }] of Object.entries(tally)) {
  if (all > 0) console.log(`${language}: ${c} of ${all} caught (${Math.round((100 * c) / all)} %)`);
}
