import { describe, expect, it } from 'vitest';
import { IDLE_SNAPSHOT, reduceRun } from '../../src/client/run-state';
import { limitContext, taskResult } from '../../src/client/task-result';
import { cutText, wellFormedText } from '../../src/client/well-formed-text';

const FAMILY = '👨‍👩‍👧'; // one grapheme, eight UTF-16 units (a ZWJ sequence)
const isWellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('cutText', () => {
  it('leaves text within the limit as it is', () => {
    expect(cutText('abc', 3)).toBe('abc');
  });

  it('never cuts a surrogate pair in half', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
  });

  it('never cuts inside a grapheme: a ZWJ family, a letter with its combining mark', () => {
    expect(cutText(`a${FAMILY}b`, 5)).toBe('a');
    expect(cutText(`a${FAMILY}b`, 9)).toBe(`a${FAMILY}`);
    expect(cutText('ae\u0301b', 2)).toBe('a');
    expect(cutText('ae\u0301b', 3)).toBe('ae\u0301');
  });

  it('cuts a cluster longer than its window at a code point, and never returns more than the limit', () => {
    const long = `x${'\u0301'.repeat(200)}`;
    const cut = cutText(long, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(isWellFormed(cutText('😀'.repeat(60), 101))).toBe(true);
  });
});

describe('cutText where the runtime cannot segment text', () => {
  it('cuts before a high surrogate at the edge, the whole range of them, and nothing else', () => {
    expect(cutText('a\uD800\uDC00b', 2, null)).toBe('a');
    expect(cutText('a\uDBFF\uDFFFb', 2, null)).toBe('a');
    expect(cutText('a\uD7FFb', 2, null)).toBe('a\uD7FF');
    expect(cutText('a\uDC00b', 2, null)).toBe('a\uDC00');
    expect(cutText('ab😀', 3, null)).toBe('ab');
  });
});

describe('cutText in a grapheme longer than it looks back', () => {
  const chain = '👨' + '\u200D👨'.repeat(66); // one cluster of 200 units
  it('cuts at a code point, never half a pair', () => {
    expect(chain).toHaveLength(200);
    expect(cutText(chain, 151)).toHaveLength(150);
    expect(isWellFormed(cutText(chain, 151))).toBe(true);
    expect(cutText(`${'a'.repeat(100)}${chain}`, 150)).toBe('a'.repeat(100));
    // Within the first cluster of the text: nothing of it fits.
    expect(cutText(chain, 50)).toBe('');
  });
});

describe('wellFormedText', () => {
  it('replaces lone surrogates and removes NUL, keeping pairs', () => {
    expect(wellFormedText('a\uD83D b\uDE00 😀\u0000c')).toBe('a\uFFFD b\uFFFD 😀c');
  });
});

describe('the caps cut on characters', () => {
  it('the context: no half emoji on the wire, and a lone surrogate from the editor is replaced', () => {
    const selection = `${'a'.repeat(19_999)}😀 and more`;
    const limited = limitContext({ selection, document: 'x\uD83D' }, 20_000);
    expect(limited.context).toEqual({ selection: 'a'.repeat(19_999), document: 'x\uFFFD' });
    expect(limited.cut).toEqual(['selection']);
    expect(JSON.stringify(limited.context)).not.toMatch(/\\ud83d/i);
  });

  /** A run started with an answer cap of `maxAnswerLength` characters. */
  const started = (maxAnswerLength: number) =>
    reduceRun(IDLE_SNAPSHOT, {
      type: 'start',
      prompt: 'x',
      context: null,
      tools: [],
      requestId: 'r',
      at: 0,
      maxAnswerLength,
    });

  it('the answer: a streamed or final answer over the cap ends on a whole character', () => {
    const streamed = reduceRun(started(5), { type: 'delta', text: 'abcd😀e' });
    expect(streamed.partialAnswer).toBe('abcd');
    expect(streamed.answerCut).toBe(true);
    const result = { usage: null, iterations: 1, truncated: false, terminationReason: null, runUuid: null };
    const final = reduceRun(started(5), {
      type: 'done',
      result: { ...result, answer: 'abcd😀e', correlationId: null },
      at: 1,
    });
    expect(final.answer).toBe('abcd');
    expect(final.answerCut).toBe(true);
  });

  it('the answer handed over: no NUL, no lone surrogate', () => {
    const state = reduceRun(started(100), { type: 'delta', text: 'ok\u0000 \uD800 done' });
    expect(taskResult({ ...state, status: 'stopped' })?.markdown).toBe('ok \uFFFD done');
  });
});
