import { HtmlRenderer, Parser } from 'commonmark';

/**
 * "No word lost", measured: the words a reader sees in the CommonMark reference renderer's output
 * (commonmark.js, the spec's own implementation) must all be in what the dialog shows and hands over.
 * A word is a run of letters and digits; blocks, line breaks and images part words, inline markup does not.
 */
const BLOCK = /^(?:P|LI|H[1-6]|PRE|BLOCKQUOTE|DIV|TR|TD|TH|BR|HR|UL|OL|TABLE|THEAD|TBODY|IMG)$/;

export function visibleText(node: Node, { everyElementApart = false } = {}): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  // Where the reference left raw HTML out (its safe mode), the dialog shows it as text: a word break.
  if (node.nodeType === Node.COMMENT_NODE) return ' ';
  const inner = [...node.childNodes].map((child) => visibleText(child, { everyElementApart })).join('');
  // An image the dialog shows as its description stands apart, as the reference's image does.
  const apart =
    everyElementApart ||
    BLOCK.test((node as Element).tagName ?? '') ||
    (node as Element).hasAttribute?.('data-ask-ai-image');
  return apart ? ` ${inner} ` : inner;
}

/**
 * What a reader sees in `node`, read twice: inline markup joining words (`foo*bar*` is one word, as in
 * the reference) and parting them (GFM's `0~0~` is two, where the reference shows `~` between them).
 */
export function shownTexts(node: Node): string[] {
  return [visibleText(node), visibleText(node, { everyElementApart: true })];
}

/**
 * What the reference renderer shows for `markdown`, as text (its HTML read by the test's DOM). Raw HTML
 * is left out (the renderer's safe mode): the dialog shows it as the text it is, by design.
 */
export function referenceText(markdown: string, { everyElementApart = false } = {}): string {
  const template = document.createElement('template');
  template.innerHTML = new HtmlRenderer({ safe: true }).render(new Parser().parse(markdown));
  return visibleText(template.content, { everyElementApart });
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The reference's words missing from every reading of `ours`, counted with their repeats. A word the
 * reference shows glued to its neighbours by markup that the dialog reads otherwise (GFM's bare links
 * and strike-through, which the reference does not know) counts as kept where its letters stand
 * together in what the dialog shows, only punctuation or markup between them.
 */
export function lostWords(reference: string, ...ours: string[]): string[] {
  const available = new Map<string, number>();
  for (const reading of ours) {
    const counts = new Map<string, number>();
    for (const word of words(reading)) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) available.set(word, Math.max(available.get(word) ?? 0, count));
  }
  const letters = ours.map((reading) => words(reading).join(''));
  const lost: string[] = [];
  for (const word of words(reference)) {
    const left = available.get(word) ?? 0;
    if (left > 0) available.set(word, left - 1);
    else if (!letters.some((stream) => stream.includes(word))) lost.push(word);
  }
  return lost;
}
