import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No module of the package reaches itself again through its imports — type-only imports included (a
 * circle of types still ties two files into one concept). Layers import downwards (ESLint's per-folder
 * rule); this catches the circles inside one layer.
 */
const SRC = resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The relative specifiers a file imports or re-exports, dynamic imports included. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^'"]*?\sfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The import graph's cycles, each as the files along it (Tarjan's strongly connected components). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    on.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (on.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        on.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

describe('the package’s imports', () => {
  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph).map((cycle) => [...cycle].sort())).toEqual([['a', 'b', 'c']]);
  });

  it('have no circles, type-only imports included', () => {
    const graph = new Map<string, string[]>();
    for (const file of files(SRC)) {
      const imported = specifiers(readFileSync(file, 'utf8'))
        .map((specifier) => resolveSpecifier(file, specifier))
        .filter((target): target is string => target !== null);
      graph.set(file, [...new Set(imported)]);
    }
    expect(graph.size).toBeGreaterThan(50);
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).sort());
    expect(cycles).toEqual([]);
  });
});
