import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledPackage, packageRoot } from '../../scripts/third-party-notices';
import { TYPO3_FOLDER } from '../../scripts/typo3-files';

/** The packages a built file bundles, read from its source map: every source under node_modules/. */
function bundled(file: string): string[] {
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; sourceRoot?: string };
  const roots = map.sources
    .map((source) => packageRoot(resolve('dist', map.sourceRoot ?? '', source)))
    .filter((root): root is string => root !== null);
  return [...new Set(roots)];
}

/** What the licence asks to travel with every copy: the package named, and its licence's own text. */
function missingNotices(content: string, roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    const found = bundledPackage(root);
    const firstLines = found.text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 3);
    const named = content.includes(`${found.name} ${found.version} (${found.license})`);
    return named && firstLines.every((line) => content.includes(line)) ? [] : [`${found.name} ${found.version}`];
  });
}

const built = readdirSync('dist').filter((name) => name.endsWith('.js') && existsSync(join('dist', `${name}.map`)));

describe('the notices of the third-party code the build bundles', () => {
  it('finds the bundled packages in the build (jsdiff, marked, Preact, TanStack Query among them)', () => {
    const names = new Set(
      built.flatMap((name) => bundled(join('dist', name)).map((root) => bundledPackage(root).name)),
    );
    expect([...names]).toEqual(expect.arrayContaining(['diff', 'marked', 'preact', '@tanstack/query-core']));
  });

  it.each(built)('dist/%s carries the notice of each package it bundles', (name) => {
    const file = join('dist', name);
    expect(missingNotices(readFileSync(file, 'utf8'), bundled(file))).toEqual([]);
  });

  it('the TYPO3 extension’s JavaScript carries them too', () => {
    const shipped = readdirSync(TYPO3_FOLDER).filter((name) => name.endsWith('.js'));
    expect(shipped.length).toBeGreaterThan(3);
    for (const name of shipped) {
      const missing = missingNotices(readFileSync(join(TYPO3_FOLDER, name), 'utf8'), bundled(join('dist', name)));
      expect(missing, name).toEqual([]);
    }
  });
});
