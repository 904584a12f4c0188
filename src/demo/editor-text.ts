/** Text edits on the demo's rich-text field: text nodes only, so model output never becomes markup. */

export function fieldText(field: HTMLElement): string {
  return [...field.querySelectorAll('p')].map((p) => p.textContent ?? '').join('\n\n') || (field.textContent ?? '');
}

/** Appends the answer as new paragraphs, marked as AI-written. */
export function insertParagraphs(field: HTMLElement, text: string, provenance: string): void {
  for (const block of text.split(/\n{2,}/)) {
    const p = document.createElement('p');
    p.textContent = block;
    p.dataset.aiWritten = provenance;
    field.append(p);
  }
}

/** Replaces a saved selection range inside the field with the answer text. */
export function replaceRange(field: HTMLElement, range: Range | null, text: string, provenance: string): boolean {
  if (!range || !field.contains(range.commonAncestorContainer)) return false;
  range.deleteContents();
  const span = document.createElement('span');
  span.textContent = text;
  span.dataset.aiWritten = provenance;
  range.insertNode(span);
  return true;
}
