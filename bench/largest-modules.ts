import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { eagerDistFiles, npmPackageOf } from '../test/package/bundle-budgets';

/** A source's name as a reader knows it: its npm package, or its path under src/. */
function moduleName(source: string): string {
  const npm = npmPackageOf(source);
  if (npm) return npm;
  const own = /src\/.*$/.exec(source);
  return own ? own[0] : source;
}

/**
 * The largest modules of an entry as built, by the bytes each contributes to the `dist` files it loads
 * up front (read from their source maps; npm packages summed per package). `skip`: files measured
 * apart (the CKEditor plugin's shared runtime).
 */
export function largestModules(dist: string, file: string, skip: readonly string[] = [], count = 4) {
  const bytes = new Map<string, number>();
  for (const name of eagerDistFiles(file, skip)) {
    const mapFile = join(dist, `${name}.map`);
    if (!existsSync(mapFile)) continue;
    const lines = readFileSync(join(dist, name), 'utf8').split('\n');
    const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap);
    let last: { line: number; column: number; source: string | null } | null = null;
    const add = (source: string | null, length: number) => {
      if (source && length > 0) bytes.set(moduleName(source), (bytes.get(moduleName(source)) ?? 0) + length);
    };
    consumer.eachMapping((m) => {
      if (last) {
        const end = m.generatedLine === last.line ? m.generatedColumn : (lines[last.line - 1]?.length ?? last.column);
        add(last.source, end - last.column);
      }
      last = { line: m.generatedLine, column: m.generatedColumn, source: m.source };
    });
    if (last) {
      const tail: { line: number; column: number; source: string | null } = last;
      add(tail.source, (lines[tail.line - 1]?.length ?? tail.column) - tail.column);
    }
  }
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, count);
}
