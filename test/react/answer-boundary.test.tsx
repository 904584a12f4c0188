// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnswerView } from '../../src/react/answer-view';
import { handedAnswer } from '../../src/session/handed-answer';
import type * as MarkdownParse from '../../src/markdown/parse';
import type * as MarkdownText from '../../src/markdown/text';

// A parser that fails on one marker, as a parser without the nesting cap does on deep nesting.
vi.mock('../../src/markdown/parse', async (importOriginal) => {
  const original = await importOriginal<typeof MarkdownParse>();
  return {
    ...original,
    blockNodes: (tokens: Parameters<typeof original.blockNodes>[0]) => {
      if (tokens.some((token) => token.raw.includes('BOOM'))) throw new RangeError('Maximum call stack size exceeded');
      return original.blockNodes(tokens);
    },
  };
});

describe('an answer the renderer cannot show', () => {
  it('shows as the plain text it is, and a later answer renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender, container } = render(<AnswerView markdown={'**BOOM** line one\nline two'} />);
    await waitFor(() => expect(container.textContent).toBe('**BOOM** line one\nline two'));
    rerender(<AnswerView markdown="**fine**" />);
    await waitFor(() => expect(screen.getByText('fine').tagName).toBe('STRONG'));
  });

  it('is handed over as written', async () => {
    const meta = {} as never;
    expect(await handedAnswer({ markdown: '**BOOM**', meta })).toEqual({ markdown: '**BOOM**', text: '**BOOM**' });
  });
});

describe('an answer of one block', () => {
  it('keeps its list or paragraph element, and its plain text its bullets', async () => {
    const { parseMarkdown } = await vi.importActual<typeof MarkdownParse>('../../src/markdown/parse');
    const { markdownText } = await vi.importActual<typeof MarkdownText>('../../src/markdown/text');
    const list = parseMarkdown('- library\n- garden');
    expect(list).toEqual([
      {
        tag: 'ul',
        attributes: {},
        children: [
          { tag: 'li', attributes: {}, children: ['library'] },
          { tag: 'li', attributes: {}, children: ['garden'] },
        ],
      },
    ]);
    expect(markdownText(list)).toBe('• library\n• garden');
    expect(parseMarkdown('One paragraph.')).toEqual([{ tag: 'p', attributes: {}, children: ['One paragraph.'] }]);
  });
});
