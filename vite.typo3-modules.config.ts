import { defineConfig } from 'vite';
import { thirdPartyNotices } from './scripts/third-party-notices';
import { sharedRuntime } from './vite.ckeditor5.config';

/**
 * The TYPO3 backend's own modules (src/typo3): FormEngine's alt-text field control. Shipped in the
 * extension only (scripts/typo3-files.ts copies it), not an npm entry. The dialog is the standalone
 * widget's, next to it. Built after the standalone widget (it adds to dist/).
 */
export default defineConfig({
  plugins: [sharedRuntime(), thirdPartyNotices()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: { entry: { 'typo3-alt-text': 'src/typo3/alt-text-control.ts' }, formats: ['es'] },
  },
});
