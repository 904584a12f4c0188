/**
 * The front end the TYPO3 extension ships (`typo3/Resources/Public/JavaScript/`): the CKEditor plugin and
 * the standalone widget with its chunks, taken from dist/, with every import of one of these files by
 * another made through the extension's import-map prefix instead of a relative path.
 *
 * Why: TYPO3 maps every file under a prefix to `…/file.js?bust=<hash>`. A relative import of
 * `./widget-standalone.js` resolves to the URL without `?bust`, so a page that also reaches the widget
 * through the import map loads it twice (two dialogs' worth of state, two runtimes), and TYPO3's
 * `.htaccess` caches the unbusted URL for a year, pointing at deleted chunks after an upgrade. Through
 * the prefix, every import resolves to the one busted URL the import map holds.
 *
 * npx tsx scripts/typo3-files.ts   (npm run build runs it)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The import-map prefix `typo3/Configuration/JavaScriptModules.php` declares. */
export const TYPO3_PREFIX = '@ask-ai-dialog/typo3/';
export const TYPO3_FOLDER = 'typo3/Resources/Public/JavaScript';

const SHIPPED = /^(?:ckeditor5|typo3-alt-text|widget-standalone(?:-[\w-]+)?)\.js$/;
const RELATIVE = /(["'`])\.\/((?:ckeditor5|typo3-alt-text|widget-standalone(?:-[\w-]+)?)\.js)\1/g;

/**
 * What each shipped file starts with: what it is, its licence, and the way back to its source (the files
 * are minified; their source maps stay in the npm package, whose columns fit the unrewritten lines).
 */
export function header(name: string, version: string): string {
  return (
    `/*! ask-ai-dialog ${version} | MIT License | Built by \`npm run build\` from the package's src/; ` +
    `dist/${name} and its source map in the npm package ask-ai-dialog@${version} are this file before ` +
    `its imports were pointed at ${TYPO3_PREFIX}. */\n`
  );
}

/** The package's own version (package.json beside scripts/), which the headers name. */
export function packageVersion(root = join(dirname(fileURLToPath(import.meta.url)), '..')): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The extension's files from the built files of dist/ (name → content). */
export function typo3Files(dist: Readonly<Record<string, string>>, version = packageVersion()): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, content] of Object.entries(dist)) {
    if (!SHIPPED.test(name)) continue;
    files[name] =
      header(name, version) +
      content
        .replace(RELATIVE, (_match, quote: string, file: string) => `${quote}${TYPO3_PREFIX}${file}${quote}`)
        // The source maps stay in the npm package: their columns would no longer fit the rewritten lines.
        .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  }
  return files;
}

/**
 * Reads dist/ and brings the extension's folder to it: a file whose content changed is replaced whole (written
 * beside it, then renamed over it), a file no longer built goes, an unchanged file is not touched. A real
 * TYPO3 serving the folder while it is built (`npm test` builds beside the real-TYPO3 suite, whose site links
 * the extension) never finds it empty or a file half written.
 */
export function writeTypo3Files(root = process.cwd()): string[] {
  const dist = join(root, 'dist');
  const built = Object.fromEntries(
    readdirSync(dist)
      .filter((name) => SHIPPED.test(name))
      .map((name) => [name, readFileSync(join(dist, name), 'utf8')]),
  );
  const target = join(root, TYPO3_FOLDER);
  mkdirSync(target, { recursive: true });
  const files = typo3Files(built, packageVersion(root));
  for (const [name, content] of Object.entries(files)) {
    const file = join(target, name);
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    const next = `${file}.${process.pid}.tmp`;
    writeFileSync(next, content);
    renameSync(next, file);
  }
  for (const name of readdirSync(target)) if (!(name in files)) rmSync(join(target, name), { recursive: true });
  return Object.keys(files).sort();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const names = writeTypo3Files();
  console.log(`${TYPO3_FOLDER}: ${names.length} files`);
}
