import { expect, it } from 'vitest';
import { MAX_DIFF_WORDS } from '../src/react/answer-changes';
import { MAX_WORD_EDITS, wordDiff } from '../src/react/word-diff';
import { interleavedMedians } from './measure';
import { record } from './results';

// Show changes must never block the page more than 50 ms (issue 21). The diff runs in a task of its own
// once the answer is done, beside whatever else that task holds: it gets half of that. Measured at the
// caps, on the two shapes that cost most: a rewrite with as many word edits as the diff looks for, and a
// shuffle of the same words (no diff: past the bound).
const BUDGET_MS = 25;
const WORDS = MAX_DIFF_WORDS;

const vocabulary = 'garden library visitors books games summer reading city open free children cat town river'.split(
  ' ',
);
const before = Array.from({ length: WORDS }, (_, i) => `${vocabulary[(i * 7) % vocabulary.length]!}${i % 13}`);
// Half the bound's words changed, evenly: as many out and in as the diff looks for at most.
const replaced = (i: number) => Math.floor((i * MAX_WORD_EDITS) / 2 / WORDS);
const rewrite = before.map((word, i) => (replaced(i + 1) > replaced(i) ? `${word}s` : word));
// The same words in another order (a fixed-seed shuffle): a diff with no bound is quadratic on it.
const shuffled = [...before];
for (let i = shuffled.length - 1, seed = 7; i > 0; i--) {
  seed = (seed * 48271) % 2147483647;
  const j = seed % (i + 1);
  [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
}

it(`diffs 2 × ${WORDS} words by word within ${BUDGET_MS} ms (median), or gives up as soon`, () => {
  const a = before.join(' ');
  const b = rewrite.join(' ');
  const parts = wordDiff(a, b) ?? [];
  const side = (drop: 'added' | 'removed') =>
    parts
      .filter((p) => p.type !== drop)
      .map((p) => p.text)
      .join('');
  expect(side('added')).toBe(a);
  expect(side('removed')).toBe(b);
  expect(parts.filter((p) => p.type !== 'same')).toHaveLength(MAX_WORD_EDITS);
  expect(wordDiff(a, shuffled.join(' '))).toBeNull();
  const [diffMs, abortMs] = interleavedMedians([() => wordDiff(a, b), () => wordDiff(a, shuffled.join(' '))], 15, 3);
  record({
    figure: `word diff of 2 × ${WORDS} words, ${MAX_WORD_EDITS} edits (median)`,
    value: `${diffMs!.toFixed(1)} ms`,
    budget: `≤ ${BUDGET_MS} ms`,
    pass: diffMs! <= BUDGET_MS,
  });
  record({
    figure: `word diff of 2 × ${WORDS} shuffled words, given up (median)`,
    value: `${abortMs!.toFixed(1)} ms`,
    budget: `≤ ${BUDGET_MS} ms`,
    pass: abortMs! <= BUDGET_MS,
  });
  expect(diffMs).toBeLessThanOrEqual(BUDGET_MS);
  expect(abortMs).toBeLessThanOrEqual(BUDGET_MS);
});
