import diff from 'fast-diff';

export interface DiffPart {
  readonly type: 'same' | 'removed' | 'added';
  readonly text: string;
}

/**
 * A word-level diff of two texts. Each distinct word (with the space after it) is coded as one
 * character, the coded texts are compared with fast-diff (Myers' algorithm with common-prefix and
 * -suffix trimming), and the parts are decoded back to words: linear in the words for similar texts.
 */
/**
 * The n-th distinct word as one character: the coded strings hold only codes, never the texts, so any
 * code point serves. One UTF-16 unit each (surrogates skipped) keeps the strings short for the diff.
 */
const SURROGATES = 0xe000 - 0xd800;
const codeFor = (n: number) => String.fromCodePoint(n < 0xd800 - 0x20 ? 0x20 + n : 0x20 + n + SURROGATES);
const indexOf = (char: string) => {
  const point = char.codePointAt(0) ?? 0;
  return point >= 0xe000 ? point - 0x20 - SURROGATES : point - 0x20;
};

export function wordDiff(before: string, after: string): DiffPart[] {
  const codes = new Map<string, string>();
  const words: string[] = [];
  const encode = (text: string) =>
    (text.match(/\S+\s*|\s+/g) ?? [])
      .map((word) => {
        let code = codes.get(word);
        if (code === undefined) {
          code = codeFor(words.length);
          codes.set(word, code);
          words.push(word);
        }
        return code;
      })
      .join('');
  const decode = (coded: string) => [...coded].map((char) => words[indexOf(char)]).join('');
  const a = encode(before);
  const b = encode(after);
  return diff(a, b).map(([op, coded]) => ({
    type: op === diff.EQUAL ? 'same' : op === diff.DELETE ? 'removed' : 'added',
    text: decode(coded),
  }));
}
