import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { thirdPartyNotices } from './scripts/third-party-notices';

const standalone = fileURLToPath(new URL('./src/widget/standalone.ts', import.meta.url));
/** The editor seam: the standalone widget carries (and re-exports) it, so the plugin takes it from there. */
const seam = fileURLToPath(new URL('./src/editors/index.ts', import.meta.url));

/**
 * The dialog and the editor seam come from the standalone widget's module, next to this one in dist/:
 * one runtime for both, loaded once where a page has the widget and the editor.
 */
export function sharedRuntime(): Plugin {
  return {
    name: 'ask-ai-dialog:shared-standalone-runtime',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === standalone || resolved?.id === seam
        ? { id: './widget-standalone.js', external: 'relative' }
        : null;
    },
  };
}

/**
 * `ask-ai-dialog/ckeditor5`: the CKEditor 5 plugin. CKEditor stays outside, imported by its per-package
 * specifiers (TYPO3's import map has no bare `ckeditor5`); the dialog is the standalone widget's. Built
 * after the standalone widget (it adds to dist/).
 */
export default defineConfig({
  plugins: [sharedRuntime(), thirdPartyNotices()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: { entry: { ckeditor5: 'src/ckeditor5/index.ts' }, formats: ['es'] },
    rolldownOptions: {
      external: [/^@ckeditor\/ckeditor5-[a-z-]+$/],
    },
  },
});
