import { describe, expect, it } from 'vitest';
import { capNesting, MAX_MARKDOWN_LENGTH, MAX_NESTING } from '../../src/markdown/limits';

/** The cap works on the text, line for line: what it keeps and what it turns into written characters. */
describe('capNesting', () => {
  const deep = (marker: string, extra: number) => marker.repeat(MAX_NESTING + extra);

  it.each([
    ['quote markers', `${deep('>', 2)} x`, `${'>'.repeat(MAX_NESTING)}\\>\\> x`],
    ['spaced quote markers', `${deep('> ', 1)}x`, `${'> '.repeat(MAX_NESTING)}\\> x`],
    ['dash items', `${deep('- ', 1)}x`, `${'- '.repeat(MAX_NESTING)}\\- x`],
    ['star and plus items', `${'* '.repeat(MAX_NESTING)}+ x`, `${'* '.repeat(MAX_NESTING)}\\+ x`],
    ['numbered items with a dot', `${deep('1. ', 1)}x`, `${'1. '.repeat(MAX_NESTING)}1\\. x`],
    ['numbered items with a parenthesis', `${deep('12) ', 1)}x`, `${'12) '.repeat(MAX_NESTING)}12\\) x`],
  ])('escapes %s past the cap', (_what, line, capped) => {
    expect(capNesting(line)).toBe(capped);
  });

  it('keeps a line at the cap and markers that are not markers', () => {
    const atCap = `${'> '.repeat(MAX_NESTING)}x`;
    expect(capNesting(atCap)).toBe(atCap);
    const words = `${'>'.repeat(MAX_NESTING)}-x 1.x *y`;
    expect(capNesting(words)).toBe(words);
  });

  it('flattens indentation past the cap onto the deepest kept level', () => {
    expect(capNesting(`${' '.repeat(100)}- x`)).toBe(`${' '.repeat(MAX_NESTING * 4)}- x`);
    expect(capNesting(`\t\t- x`)).toBe('\t\t- x');
    expect(capNesting(`${' '.repeat(MAX_NESTING * 4)}- x`)).toBe(`${' '.repeat(MAX_NESTING * 4)}- x`);
  });

  it('leaves lines inside a fence alone, and caps again after it closes', () => {
    const quotes = deep('>', 1);
    for (const fence of ['```', '~~~~']) {
      const text = `${fence}\n${quotes}\n${fence}\n${quotes}`;
      expect(capNesting(text)).toBe(`${fence}\n${quotes}\n${fence}\n${'>'.repeat(MAX_NESTING)}\\>`);
    }
  });

  it('keeps every line, in order', () => {
    expect(capNesting('a\n\nb\n')).toBe('a\n\nb\n');
  });

  it(`gives up past ${MAX_MARKDOWN_LENGTH} characters, not at them`, () => {
    expect(capNesting('a'.repeat(MAX_MARKDOWN_LENGTH))).toHaveLength(MAX_MARKDOWN_LENGTH);
    expect(capNesting('a'.repeat(MAX_MARKDOWN_LENGTH + 1))).toBeNull();
  });
});
