/**
 * Every built file that bundles third-party code carries the notices their licences ask for (MIT and
 * BSD: the copyright line and the licence's text, with every copy): a comment at its end naming each
 * bundled package, its version and licence, and the licence file's text. The packages are read from the
 * chunk's modules (those under node_modules/); a bundled package without a licence file fails the build.
 * Written after minification, before the source map's comment, so the map's lines stay as they were.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Plugin } from 'vite';

export interface BundledPackage {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly text: string;
}

const NODE_MODULES = `${sep}node_modules${sep}`;

/** The folder of the package a module file belongs to (the last node_modules/ segment, scope included). */
export function packageRoot(file: string): string | null {
  const at = file.lastIndexOf(NODE_MODULES);
  if (at < 0) return null;
  const rest = file.slice(at + NODE_MODULES.length).split(sep);
  const parts = rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  return file.slice(0, at + NODE_MODULES.length) + parts.join(sep);
}

const known = new Map<string, BundledPackage>();

/** A package's name, version, licence and licence text, read from its folder. */
export function bundledPackage(root: string): BundledPackage {
  const cached = known.get(root);
  if (cached) return cached;
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    license?: string;
  };
  const file = readdirSync(root).find((name) => /^licen[cs]e(\.(md|txt))?$/i.test(name));
  if (!file) throw new Error(`${manifest.name} is bundled, but has no licence file to carry its notice.`);
  const found: BundledPackage = {
    name: manifest.name,
    version: manifest.version,
    license: manifest.license ?? 'see its licence',
    text: readFileSync(join(root, file), 'utf8').trim().replaceAll('*/', '* /'),
  };
  known.set(root, found);
  return found;
}

/** The comment a file ends with: each bundled package's name, version, licence and licence text. */
export function noticeComment(packages: readonly BundledPackage[]): string {
  const parts = packages.map((p) => `${p.name} ${p.version} (${p.license})\n\n${p.text}`);
  const heading = "This file bundles third-party code; their licences' notices follow.";
  return `/*! ${heading}\n\n${parts.join('\n\n---\n\n')}\n*/\n`;
}

export function thirdPartyNotices(): Plugin {
  return {
    name: 'ask-ai-dialog:third-party-notices',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const roots = new Set(chunk.moduleIds.map(packageRoot).filter((root): root is string => root !== null));
        if (roots.size === 0) continue;
        const packages = [...roots].map(bundledPackage).sort((a, b) => a.name.localeCompare(b.name));
        const notice = noticeComment(packages);
        const mapComment = chunk.code.match(/\n\/\/# sourceMappingURL=\S+\s*$/);
        chunk.code =
          mapComment?.index === undefined
            ? `${chunk.code.replace(/\n?$/, '\n')}${notice}`
            : `${chunk.code.slice(0, mapComment.index)}\n${notice}${chunk.code.slice(mapComment.index + 1)}`;
      }
    },
  };
}
