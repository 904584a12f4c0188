import { describe, expect, it } from 'vitest';
import { MAX_WORD_EDITS, wordDiff } from '../../src/react/word-diff';

const words = (count: number, change: (i: number) => boolean = () => false) =>
  Array.from({ length: count }, (_, i) => (change(i) ? `new${i}` : `w${i}`)).join(' ');

describe('wordDiff', () => {
  it('marks removed and added words and keeps the rest', () => {
    expect(wordDiff('The cat sat on the mat.', 'The cat lay on the red mat.')).toEqual([
      { type: 'same', text: 'The cat ' },
      { type: 'removed', text: 'sat ' },
      { type: 'added', text: 'lay ' },
      { type: 'same', text: 'on the ' },
      { type: 'added', text: 'red ' },
      { type: 'same', text: 'mat.' },
    ]);
    expect(wordDiff('', 'New text')).toEqual([{ type: 'added', text: 'New text' }]);
    expect(wordDiff('Same', 'Same')).toEqual([{ type: 'same', text: 'Same' }]);
  });

  it('keeps every character of both texts: the kept and removed parts are the one, kept and added the other', () => {
    const before = 'A line,\nthen   spaces\tand a tab. ';
    const after = 'A line;\nthen spaces\tand two tabs.';
    const parts = wordDiff(before, after)!;
    const side = (drop: 'added' | 'removed') =>
      parts
        .filter((part) => part.type !== drop)
        .map((part) => part.text)
        .join('');
    expect(side('added')).toBe(before);
    expect(side('removed')).toBe(after);
  });

  it(`looks for up to ${MAX_WORD_EDITS} words removed and added, and gives up past them`, () => {
    const before = words(1_000);
    // Every fifth word changed: 200 out and 200 in.
    const at = wordDiff(
      before,
      words(1_000, (i) => i % 5 === 0),
    );
    expect(at?.filter((part) => part.type === 'removed')).toHaveLength(200);
    expect(at?.filter((part) => part.type === 'added')).toHaveLength(200);
    // One more word in: one edit past the bound.
    expect(wordDiff(before, `${words(1_000, (i) => i % 5 === 0)} more`)).toBeNull();
    // The bound is the caller's to set.
    expect(wordDiff('a b c', 'x y z', 5)).toBeNull();
    expect(wordDiff('a b c', 'x y z', 6)).not.toBeNull();
  });

  it('gives up on the same words in another order rather than working through every pairing', () => {
    const before = words(2_000);
    const reversed = before.split(' ').reverse().join(' ');
    expect(wordDiff(before, reversed)).toBeNull();
  });
});
