// @vitest-environment jsdom
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openDialog, renderDialog, runTask, settled, useBackend } from './dialog-harness';

useBackend();

const handlers = { onInsert: () => undefined, onReplace: () => undefined };

describe('the primary action fits the text in front of the editor', () => {
  it('is "Replace selection" for every answer where text is selected: task, refinement, one shown again', async () => {
    const { user } = renderDialog(handlers);
    const dialog = await openDialog(user);
    const primary = () => dialog.querySelector('.ask-ai-footer .ask-ai-primary')?.textContent;
    await runTask(user, dialog, 'Shorten');
    await settled();
    expect(primary()).toBe('Replace selection');
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'Make it a list{Enter}');
    await settled();
    expect(primary()).toBe('Replace selection');
    await user.click(within(dialog).getByRole('button', { name: 'Previous answer' }));
    expect(primary()).toBe('Replace selection');
    // The primary comes last in the row, where the platforms and TYPO3 put it; Insert stays beside it.
    const buttons = [...dialog.querySelectorAll('.ask-ai-footer button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Insert', 'Replace selection']);
  });

  it('is Insert where nothing is selected, and Replace is not offered', async () => {
    const { user } = renderDialog({ ...handlers, context: { document: 'A whole page of text.' } });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Summarise');
    await settled();
    expect(dialog.querySelector('.ask-ai-footer .ask-ai-primary')?.textContent).toBe('Insert');
    expect(within(dialog).queryByRole('button', { name: 'Replace selection' })).not.toBeInTheDocument();
  });
});
