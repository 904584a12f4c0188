import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { equivalentCoalesce } from '../../scripts/equivalent-coalesce';

// One line per case: the `??` on line n + 2 has the left side the case names.
const cases: ReadonlyArray<readonly [string, string, boolean]> = [
  ['an object or nothing', 'declare const a: { id: string } | undefined; a ?? null;', true],
  ['an array or null', 'declare const a: string[] | null; a ?? [];', true],
  ['a function or nothing', 'declare const a: (() => void) | undefined; a ?? null;', true],
  ['non-empty literals', "declare const a: 'insert' | 'replace' | 1 | true | undefined; a ?? null;", true],
  ['a string, which may be empty', "declare const a: string | undefined; a ?? 'x';", false],
  ['a number, which may be 0', 'declare const a: number | undefined; a ?? 1;', false],
  ['a boolean, which may be false', 'declare const a: boolean | undefined; a ?? true;', false],
  ['an empty literal', "declare const a: 'x' | '' | undefined; a ?? 'y';", false],
  ['the literal 0', 'declare const a: 0 | 1 | undefined; a ?? 2;', false],
  ['`{}`, which admits primitives', 'declare const a: {} | undefined; a ?? 1;', false],
  ['unknown', 'declare const a: unknown; a ?? 1;', false],
  ['the first `??` of a line', "declare const a: object | undefined, b: string | undefined; a ?? (b ?? '');", true],
  ['a line without `??`', 'declare const a: object | undefined; a || null;', false],
  ['a string before the empty string', "declare const a: string | undefined; a ?? '';", true],
  ['an empty literal before the empty string', "declare const a: 'x' | '' | undefined; a ?? '';", true],
  ['a boolean before false', 'declare const a: boolean | undefined; a ?? false;', true],
  ['0 or 1 before 0', 'declare const a: 0 | 1 | undefined; a ?? 0;', true],
  ['a number before 0 (NaN is falsy too)', 'declare const a: number | undefined; a ?? 0;', false],
  ['a string before a string that may be empty', 'declare const a: string | undefined, b: string; a ?? b;', false],
];

const dir = mkdtempSync(join(tmpdir(), 'coalesce-'));
const file = join(dir, 'cases.ts');
writeFileSync(file, ['export {};', '{', ...cases.map(([, line]) => `{ ${line} }`), '}'].join('\n'));
const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: [] });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a `??` the breakage sampler may leave out', () => {
  it.each(cases.map(([name, , equivalent], n) => [name, n + 3, equivalent] as const))(
    '%s (line %i): equivalent to `||` is %s',
    (_name, line, equivalent) => {
      expect(equivalentCoalesce(program, file, line)).toBe(equivalent);
    },
  );

  it('keeps the breakage of a file outside the program', () => {
    expect(equivalentCoalesce(program, join(dir, 'elsewhere.ts'), 3)).toBe(false);
  });
});
