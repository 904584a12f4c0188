// @vitest-environment jsdom
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openDialog, renderDialog, settled, useBackend } from './dialog-harness';

useBackend();

const handlers = { onInsert: () => undefined, onReplace: () => undefined };

describe('the primary action fits the task', () => {
  it('is "Replace selection" after a rewriting task with a selection, Insert after a generating one', async () => {
    const { user } = renderDialog(handlers);
    const dialog = await openDialog(user);
    const primary = () => dialog.querySelector('.ask-ai-footer .ask-ai-primary')?.textContent;
    await user.click(within(dialog).getByRole('button', { name: 'Shorten' }));
    await settled();
    expect(primary()).toBe('Replace selection');
    await user.click(within(dialog).getByRole('button', { name: 'Summarise' }));
    await settled();
    expect(primary()).toBe('Insert');
    // Back to the shortened answer: its primary action again.
    await user.click(within(dialog).getByRole('button', { name: 'Previous answer' }));
    expect(primary()).toBe('Replace selection');
  });

  it('is Insert for a rewriting task without a selection to replace', async () => {
    const { user } = renderDialog({ ...handlers, context: { document: 'A whole page of text.' } });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Shorten' }));
    await settled();
    expect(dialog.querySelector('.ask-ai-footer .ask-ai-primary')?.textContent).toBe('Insert');
  });
});
