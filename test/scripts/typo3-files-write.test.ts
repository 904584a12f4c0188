import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TYPO3_FOLDER, typo3Files, writeTypo3Files } from '../../scripts/typo3-files';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A package root with these built files in dist/ and these files already in the extension's folder. */
function project(dist: Record<string, string>, shipped: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'typo3-files-'));
  roots.push(root);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ version: '9.9.9' }));
  mkdirSync(join(root, 'dist'));
  for (const [name, content] of Object.entries(dist)) writeFileSync(join(root, 'dist', name), content);
  mkdirSync(join(root, TYPO3_FOLDER), { recursive: true });
  for (const [name, content] of Object.entries(shipped)) writeFileSync(join(root, TYPO3_FOLDER, name), content);
  return root;
}

describe('npm run build writing the extension’s JavaScript (beside a TYPO3 that serves it)', () => {
  it('leaves an unchanged file alone, replaces a changed one whole, removes one no longer built', () => {
    const dist = { 'ckeditor5.js': 'export const plugin = 1;\n', 'widget-standalone.js': 'export const widget = 2;\n' };
    const expected = typo3Files(dist, '9.9.9');
    const root = project(dist, {
      'ckeditor5.js': expected['ckeditor5.js']!,
      'widget-standalone.js': 'export const widget = 1;\n',
      'widget-standalone-old-chunk.js': 'export {};\n',
    });
    const folder = join(root, TYPO3_FOLDER);
    const before = statSync(join(folder, 'ckeditor5.js'), { bigint: true });

    expect(writeTypo3Files(root)).toEqual(['ckeditor5.js', 'widget-standalone.js']);

    const after = statSync(join(folder, 'ckeditor5.js'), { bigint: true });
    expect({ ino: after.ino, mtime: after.mtimeNs }).toEqual({ ino: before.ino, mtime: before.mtimeNs });
    expect(readFileSync(join(folder, 'widget-standalone.js'), 'utf8')).toBe(expected['widget-standalone.js']);
    expect(readdirSync(folder).sort()).toEqual(['ckeditor5.js', 'widget-standalone.js']);
  });

  it('makes the folder where there is none', () => {
    const root = project({ 'typo3-alt-text.js': 'export {};\n', 'unrelated.js': 'export {};\n' }, {});
    rmSync(join(root, TYPO3_FOLDER), { recursive: true });
    expect(writeTypo3Files(root)).toEqual(['typo3-alt-text.js']);
    expect(readdirSync(join(root, TYPO3_FOLDER))).toEqual(['typo3-alt-text.js']);
  });
});
