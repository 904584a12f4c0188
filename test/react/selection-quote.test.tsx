// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EN_MESSAGES } from '../../src/i18n/messages';
import { SelectionQuote } from '../../src/react/selection-quote';

/**
 * The selected text quoted above the answer where the dialog cannot sit beside it: two lines of it, and
 * "Show all" only where there is more — measured where there is a layout, guessed by length where there is
 * none (jsdom: its boxes are 0 high; here a layout is given to the quote where the test says so).
 */
const SHORT = 'The harbour opened in 1871.';
const LONG = 'The harbour opened in 1871 and grew with the town. '.repeat(4);

function layout(lines: number, shown = 2) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(shown * 20);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(lines * 20);
}

afterEach(() => vi.restoreAllMocks());

describe('the quoted selection', () => {
  it('shows all of a long text on request and two lines again after, saying which it does', async () => {
    const user = userEvent.setup();
    render(<SelectionQuote text={LONG} messages={EN_MESSAGES} />);
    expect(screen.getByRole('figure', { name: 'Selected text' })).toHaveTextContent(LONG.trim());
    const toggle = screen.getByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // The quote the button controls is what the stylesheet unclamps (`[data-expanded]`).
    const quote = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(quote).not.toHaveAttribute('data-expanded');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(quote).toHaveAttribute('data-expanded');
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByRole('button', { name: 'Show all' })).toBeInTheDocument();
    expect(quote).not.toHaveAttribute('data-expanded');
  });

  it('without a layout, a text of up to 140 characters has nothing more to show; one more has', () => {
    const { unmount } = render(<SelectionQuote text={'a'.repeat(140)} messages={EN_MESSAGES} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    render(<SelectionQuote text={'a'.repeat(141)} messages={EN_MESSAGES} />);
    expect(screen.getByRole('button', { name: 'Show all' })).toBeInTheDocument();
  });

  it('with a layout, the lines decide, not the length: a short text over three lines, a long one in two', () => {
    layout(3);
    const { unmount } = render(<SelectionQuote text={SHORT} messages={EN_MESSAGES} />);
    expect(screen.getByRole('button', { name: 'Show all' })).toBeInTheDocument();
    unmount();

    layout(2);
    render(<SelectionQuote text={LONG} messages={EN_MESSAGES} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('allows one pixel over two lines for rounding; two pixels over is more to show', () => {
    const measured = (scrollHeight: number) => {
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(40);
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
      const { unmount } = render(<SelectionQuote text={LONG} messages={EN_MESSAGES} />);
      const more = screen.queryByRole('button', { name: 'Show all' }) !== null;
      unmount();
      return more;
    };
    expect(measured(41)).toBe(false);
    expect(measured(42)).toBe(true);
  });

  it('is measured before the browser paints it: the first frame already has its Show all', () => {
    layout(3);
    const into = document.createElement('div');
    document.body.append(into);
    const root = createRoot(into);
    // One synchronous commit, as the browser would paint it: no effect run after it.
    flushSync(() => root.render(<SelectionQuote text={SHORT} messages={EN_MESSAGES} />));
    expect(into.querySelector('button')).toHaveTextContent('Show all');
    root.unmount();
  });
});
