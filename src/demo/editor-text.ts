/**
 * Rich-text edits on the demo's contenteditable field, built with DOM methods and text nodes only:
 * model output never becomes markup. A real CMS converts the answer's markdown with its own
 * editor's pipeline (see `ask-ai-dialog/ckeditor5`); this small reader covers what the demo shows:
 * paragraphs, bulleted and numbered lists, bold and italic.
 */

export function fieldText(field: HTMLElement): string {
  return [...field.querySelectorAll('p, li')].map((p) => p.textContent ?? '').join('\n\n') || (field.textContent ?? '');
}

/** Inline text with `**bold**` and `*italic*` / `_italic_` as elements; everything else as text. */
function inline(text: string, doc: Document): Node[] {
  const nodes: Node[] = [];
  const pattern = /\*\*(.+?)\*\*|(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(doc.createTextNode(text.slice(last, match.index)));
    const element = doc.createElement(match[1] !== undefined ? 'strong' : 'em');
    element.textContent = match[1] ?? match[2] ?? '';
    nodes.push(element);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(doc.createTextNode(text.slice(last)));
  return nodes;
}

/** The answer's blocks as elements: paragraphs and lists. */
export function answerBlocks(markdown: string, doc: Document, provenance: string): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  for (const block of markdown.split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const bullet = lines.every((line) => /^\s*[-*+]\s+/.test(line));
    const numbered = lines.every((line) => /^\s*\d+[.)]\s+/.test(line));
    let element: HTMLElement;
    if (bullet || numbered) {
      element = doc.createElement(bullet ? 'ul' : 'ol');
      for (const line of lines) {
        const item = doc.createElement('li');
        item.append(...inline(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''), doc));
        element.append(item);
      }
    } else {
      element = doc.createElement('p');
      element.append(...inline(lines.join(' ').replace(/^#{1,6}\s+/, ''), doc));
    }
    element.dataset.aiWritten = provenance;
    blocks.push(element);
  }
  return blocks;
}

/** The block of `field` that holds `node`, or null. */
function blockOf(field: HTMLElement, node: Node): HTMLElement | null {
  let current: Node | null = node;
  while (current && current.parentNode !== field) current = current.parentNode;
  return current instanceof HTMLElement ? current : null;
}

/**
 * Inserts the answer at the caret (after the block that holds it), or at the end of the field when
 * the caret is elsewhere. Returns the inserted blocks.
 */
export function insertAnswer(field: HTMLElement, caret: Range | null, markdown: string, provenance: string) {
  const blocks = answerBlocks(markdown, field.ownerDocument, provenance);
  const anchor = caret && field.contains(caret.endContainer) ? blockOf(field, caret.endContainer) : null;
  if (anchor) anchor.after(...blocks);
  else field.append(...blocks);
  return blocks;
}

/** Replaces a saved selection inside the field with the answer, inline when it is one paragraph. */
export function replaceRange(field: HTMLElement, range: Range | null, markdown: string, provenance: string): boolean {
  if (!range || !field.contains(range.commonAncestorContainer)) return false;
  const blocks = answerBlocks(markdown, field.ownerDocument, provenance);
  range.deleteContents();
  if (blocks.length === 1 && blocks[0]?.tagName === 'P') {
    const span = field.ownerDocument.createElement('span');
    span.append(...blocks[0].childNodes);
    span.dataset.aiWritten = provenance;
    range.insertNode(span);
    return true;
  }
  const anchor = blockOf(field, range.endContainer);
  if (anchor) anchor.after(...blocks);
  else field.append(...blocks);
  return true;
}
