/**
 * The simulated model's writing: plain, deterministic text work on the text the dialog sent, so
 * every answer is grounded in the editor's own words.
 */

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from has have he her his i in ' +
    'into is it its of on or our she so that the their them ' +
    'there these they this to was we were which while who will with you ' +
    'your not can also more than other such only very ' +
    'der die das und ist ein eine einer eines dem den des im in zu mit auf ' +
    'für von sich nicht auch es sie er wir ihr als wie bei ' +
    'nach aus oder an am um so dass werden wird sind war'
  ).split(' '),
);

const FILLERS =
  /\b(really|very|actually|basically|just|quite|simply|truly|in order to|wirklich|eigentlich|einfach|sehr)\b\s*/gi;

export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“])/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\d][\p{L}\d'-]*/gu) ?? []).filter((w) => w.length > 2 && !STOPWORDS.has(w));
}

function frequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The `count` sentences with the most frequent content words, in their original order. */
function topSentences(text: string, count: number): string[] {
  const all = sentences(text);
  if (all.length <= count) return all;
  const freq = frequencies(text);
  const scored = all.map((sentence, index) => {
    const ws = words(sentence);
    const score = ws.reduce((sum, w) => sum + (freq.get(w) ?? 0), 0) / Math.max(4, ws.length);
    return { sentence, index, score: score + (index === 0 ? 0.5 : 0) };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
}

export function summarise(text: string, maxSentences = 2): string {
  return topSentences(text, maxSentences).join(' ');
}

export function shorten(text: string): string {
  const all = sentences(text);
  const kept = topSentences(text, Math.max(1, Math.ceil(all.length * 0.6)));
  return kept.map((s) => s.replace(FILLERS, '').replace(/\s{2,}/g, ' ')).join(' ');
}

export function keywords(text: string, count = 6): string[] {
  const freq = frequencies(text);
  const firstSeen = new Map<string, number>();
  words(text).forEach((w, i) => firstSeen.has(w) || firstSeen.set(w, i));
  return [...freq.entries()]
    .sort((a, b) => b[1] - a[1] || (firstSeen.get(a[0]) ?? 0) - (firstSeen.get(b[0]) ?? 0))
    .slice(0, count)
    .map(([w]) => w);
}

/** An alt text: the description's first sentence, without "This image shows", at most 125 characters. */
export function altText(description: string): string {
  const first = sentences(description)[0] ?? description.trim();
  let alt = first.replace(/^(this|the)\s+(image|picture|photo)\s+(shows|depicts)\s+/i, '').replace(/[.!?]+$/, '');
  alt = alt.charAt(0).toUpperCase() + alt.slice(1);
  if (alt.length <= 125) return alt;
  const cut = alt.slice(0, 124);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/**
 * Plainer, tighter wording, as an editor's "Improve" would give it: filler words go, a few stock phrases
 * read better. Deterministic, and visibly different on the demo's texts, so "Show changes" shows some.
 */
const BETTER: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:very|really|just|quite|actually|basically) /gi, ''],
  [/\bevery day\b/gi, 'daily'],
  [/\bwhile the weather allows\b/gi, 'weather permitting'],
  [/\bfrom ten to six\b/gi, 'from 10:00 to 18:00'],
  [/\bstart every hour\b/gi, 'run hourly'],
  [/\bEntry is free\b/g, 'Admission is free'],
  [/\bcan borrow\b/gi, 'may borrow'],
  [/\bopens its new\b/gi, 'is opening its new'],
  [/\bin order to\b/gi, 'to'],
  [/\ba lot of\b/gi, 'many'],
];

export function improve(text: string): string {
  return sentences(text)
    .map((s) => s.replace(/\b(\w+)\s+\1\b/gi, '$1').replace(/\s+([,.;:!?])/g, '$1'))
    .map((s) => BETTER.reduce((sentence, [pattern, better]) => sentence.replace(pattern, better), s))
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`))
    .join(' ');
}

const EN_DE: Record<string, string> = {
  the: 'die',
  a: 'ein',
  and: 'und',
  is: 'ist',
  are: 'sind',
  with: 'mit',
  for: 'für',
  our: 'unser',
  new: 'neu',
  page: 'Seite',
  text: 'Text',
  content: 'Inhalt',
  editor: 'Redakteur',
  editors: 'Redakteure',
  team: 'Team',
  website: 'Website',
  image: 'Bild',
  customers: 'Kunden',
  customer: 'Kunde',
  product: 'Produkt',
  products: 'Produkte',
  service: 'Dienst',
  today: 'heute',
  in: 'in',
  of: 'von',
  to: 'zu',
  we: 'wir',
  you: 'Sie',
  can: 'können',
  more: 'mehr',
  all: 'alle',
  year: 'Jahr',
  city: 'Stadt',
  open: 'offen',
  summer: 'Sommer',
  festival: 'Festival',
  music: 'Musik',
  free: 'kostenlos',
  visitors: 'Besucher',
  opens: 'öffnet',
  will: 'wird',
};

/** A word-by-word rendering with a small glossary: enough to show the task ran on the editor's text. */
export function translate(text: string, language: string): string {
  if (!/^(german|deutsch|de)$/i.test(language.trim())) return text;
  return text.replace(/[A-Za-z]+/g, (word) => {
    const t = EN_DE[word.toLowerCase()];
    if (!t) return word;
    return word.charAt(0) === word.charAt(0).toUpperCase() ? t.charAt(0).toUpperCase() + t.slice(1) : t;
  });
}
