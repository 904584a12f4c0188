/** One constructed sheet per document and text (a sheet cannot be adopted across documents, e.g. into an iframe). */
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

/**
 * Styles as a constructable stylesheet adopted by `root` (a shadow root or a document): no `<style>`
 * element, so a Content-Security-Policy with a nonce on `style-src-elem` (or `style-src 'self'`) does not
 * block them. Only where `adoptedStyleSheets` is missing is a `<style>` element used instead. Returns
 * what undoes it.
 */
export function adoptStyleSheet(root: Document | ShadowRoot, css: string): () => void {
  const doc = root.nodeType === 9 ? (root as Document) : (root as ShadowRoot).ownerDocument;
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if ('adoptedStyleSheets' in root && typeof Sheet?.prototype.replaceSync === 'function') {
    try {
      let forDoc = sheets.get(doc);
      if (!forDoc) sheets.set(doc, (forDoc = new Map()));
      let sheet = forDoc.get(css);
      if (!sheet) {
        sheet = new Sheet();
        sheet.replaceSync(css);
        forDoc.set(css, sheet);
      }
      const adopted = sheet;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, adopted];
      // Two editors on a page adopt the same sheet: each takes back only its own entry.
      return () => {
        const sheets = [...root.adoptedStyleSheets];
        const at = sheets.lastIndexOf(adopted);
        if (at !== -1) sheets.splice(at, 1);
        root.adoptedStyleSheets = sheets;
      };
    } catch {
      // The property without constructable sheets: the element below.
    }
  }
  const style = doc.createElement('style');
  style.textContent = css;
  (root.nodeType === 9 ? (root as Document).head : root).prepend(style);
  return () => style.remove();
}
