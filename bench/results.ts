import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** One line of the table `npm run bench` prints at the end. */
export interface BenchRow {
  readonly figure: string;
  readonly value: string;
  readonly budget: string;
  readonly pass: boolean;
}

const FILE = resolve(import.meta.dirname, '../.tmp/bench-results.ndjson');

/** Records a figure for the closing table (the files run in their own workers; this file joins them). */
export function record(row: BenchRow): void {
  mkdirSync(dirname(FILE), { recursive: true });
  appendFileSync(FILE, `${JSON.stringify(row)}\n`);
}

export function clearResults(): void {
  rmSync(FILE, { force: true });
}

export function readResults(): BenchRow[] {
  if (!existsSync(FILE)) return [];
  return readFileSync(FILE, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as BenchRow);
}

/** The rows as one aligned text table. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header = { figure: 'figure', value: 'value', budget: 'budget', pass: 'pass' };
  const cells = [header, ...rows.map((r) => ({ ...r, pass: r.pass ? 'pass' : 'FAIL' }))];
  const width = (key: 'figure' | 'value' | 'budget') => Math.max(...cells.map((c) => c[key].length));
  const [f, v, b] = [width('figure'), width('value'), width('budget')];
  const line = (c: (typeof cells)[number]) =>
    `| ${c.figure.padEnd(f)} | ${c.value.padStart(v)} | ${c.budget.padEnd(b)} | ${c.pass.padEnd(4)} |`;
  const rule = `|${'-'.repeat(f + 2)}|${'-'.repeat(v + 2)}|${'-'.repeat(b + 2)}|------|`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}
