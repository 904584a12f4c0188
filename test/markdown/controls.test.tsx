// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markdownFragment } from '../../src/markdown/dom';
import { answerText } from '../../src/markdown/text';
import MarkdownAnswer from '../../src/react/markdown-answer';

// "Trojan Source": an override makes `admin` read as `nimda` and the text after it run backwards.
const ANSWER = 'Set user\u202Enimda\u202C now.\n\n```\nif (x) {\u2066 // ok \u2069}\n```';

describe('explicit direction controls in an answer', () => {
  it('show as their code point, in prose and in code, instead of reordering the text', () => {
    const { container } = render(<MarkdownAnswer markdown={ANSWER} streaming={false} />);
    const marks = [...container.querySelectorAll('[data-ask-ai-control]')].map((mark) => mark.textContent);
    expect(marks).toEqual(['U+202E', 'U+202C', 'U+2066', 'U+2069']);
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('are not handed over: neither in the text nor in an editor’s elements', () => {
    expect(answerText(ANSWER)).toBe('Set usernimda now.\n\nif (x) { // ok }');
    const holder = document.createElement('div');
    holder.append(markdownFragment(ANSWER));
    expect(holder.textContent).not.toMatch(/U\+20|[\u202A-\u202E\u2066-\u2069]/);
  });

  it('show the same in an answer too long to parse', () => {
    const { container } = render(<MarkdownAnswer markdown={`${'x'.repeat(10_001)}\u202E`} streaming={false} />);
    expect(container.querySelector('[data-ask-ai-control]')).toHaveTextContent('U+202E');
  });
});
