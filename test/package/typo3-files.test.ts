import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TYPO3_FOLDER, TYPO3_PREFIX, typo3Files } from '../../scripts/typo3-files';

const read = (folder: string, filter: (name: string) => boolean) =>
  Object.fromEntries(
    readdirSync(folder)
      .filter(filter)
      .map((name) => [name, readFileSync(`${folder}/${name}`, 'utf8')]),
  );

describe('the front end the TYPO3 extension ships', () => {
  const shipped = read(TYPO3_FOLDER, () => true);

  it('is the build: the plugin, the alt-text control, the standalone widget and its chunks, nothing else', () => {
    const dist = read('dist', (name) => name.endsWith('.js'));
    expect(shipped).toEqual(typo3Files(dist));
    expect(Object.keys(shipped)).toEqual(expect.arrayContaining(['ckeditor5.js', 'widget-standalone.js']));
    const own = /^(ckeditor5|typo3-alt-text|widget-standalone(-[\w-]+)?)\.js$/;
    expect(Object.keys(shipped).filter((name) => !own.test(name))).toEqual([]);
  });

  it('imports its own files only through the import-map prefix, never by a relative path', () => {
    for (const [name, content] of Object.entries(shipped)) {
      expect(content, name).not.toMatch(/["'`]\.\.?\//);
    }
    expect(shipped['ckeditor5.js']).toContain(`"${TYPO3_PREFIX}widget-standalone.js"`);
  });

  it('is committed as built: a composer install needs no Node (run npm run build and commit the folder)', () => {
    const status = execFileSync('git', ['status', '--porcelain', '--', TYPO3_FOLDER], { encoding: 'utf8' });
    expect(status).toBe('');
  });
});
