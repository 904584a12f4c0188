// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AskAiPreset } from '../../src/react';
import { openDialog, renderDialog, runTask, settled, useBackend } from './dialog-harness';

useBackend();

const primary = (dialog: HTMLElement) => dialog.querySelector('.ask-ai-footer .ask-ai-primary')?.textContent;
const footer = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.ask-ai-footer button')].map((button) => button.textContent);

/** Waits for the run's end to take the focus to the primary action. */
async function focusedPrimary(dialog: HTMLElement) {
  await settled();
  await waitFor(() => expect(dialog.querySelector('.ask-ai-footer .ask-ai-primary')).toHaveFocus());
  return primary(dialog);
}

describe('the primary action fits the kind of task', () => {
  it('an edit (Shorten, a tone) replaces the selection: Replace selection is primary and focused', async () => {
    const { user } = renderDialog({ onInsert: vi.fn(), onReplace: vi.fn() });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    expect(await focusedPrimary(dialog)).toBe('Replace selection');
    // The primary comes last in the row, where the platforms and TYPO3 put it.
    expect(footer(dialog)).toEqual(['Insert below', 'Replace selection']);
  });

  it.each(['Summarise', 'Continue writing', 'Key points'])(
    '%s writes something new: Insert below is primary and focused, Replace stays beside it',
    async (name) => {
      const onInsert = vi.fn();
      const onReplace = vi.fn();
      const { user } = renderDialog({ onInsert, onReplace });
      const dialog = await openDialog(user);
      await user.click(within(dialog).getByRole('option', { name: 'More tasks' }));
      await runTask(user, dialog, name);
      expect(await focusedPrimary(dialog)).toBe('Insert below');
      expect(footer(dialog)).toEqual(['Replace selection', 'Insert below']);
      // Enter on the focused primary keeps the paragraph the editor selected: the answer goes below it.
      await user.keyboard('{Enter}');
      expect(onInsert).toHaveBeenCalledTimes(1);
      expect(onReplace).not.toHaveBeenCalled();
    },
  );

  it('the editor’s own words with a selection: Replace selection; a refinement keeps its answer’s kind', async () => {
    const { user } = renderDialog({ onInsert: vi.fn(), onReplace: vi.fn() });
    const dialog = await openDialog(user);
    const box = within(dialog).getByRole('textbox', { name: 'Instruction' });
    await user.type(box, 'Write a teaser for this{Enter}');
    expect(await focusedPrimary(dialog)).toBe('Replace selection');

    // A summary, then its refinement: still new writing, still Insert below.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(document.body).getByRole('button', { name: 'Ask AI' }));
    await user.click(within(dialog).getByRole('option', { name: 'More tasks' }));
    await runTask(user, dialog, 'Summarise');
    expect(await focusedPrimary(dialog)).toBe('Insert below');
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'Make it one sentence{Enter}');
    expect(await focusedPrimary(dialog)).toBe('Insert below');
  });

  it('a host’s task says how its answer is used; one that says nothing is read as the editor’s own words', async () => {
    const teaser: AskAiPreset = { id: 'teaser', label: 'Teaser', prompt: 'Write a teaser.', use: 'insert' };
    const plain: AskAiPreset = { id: 'plain', label: 'Plain words', prompt: 'Use plain words.' };
    const { user } = renderDialog({ onInsert: vi.fn(), onReplace: vi.fn(), presets: [teaser, plain] });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Teaser');
    expect(await focusedPrimary(dialog)).toBe('Insert below');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(document.body).getByRole('button', { name: 'Ask AI' }));
    await runTask(user, dialog, 'Plain words');
    expect(await focusedPrimary(dialog)).toBe('Replace selection');
  });

  it('is Insert below where nothing is selected, whatever the task, and Replace is not offered', async () => {
    const { user } = renderDialog({
      onInsert: vi.fn(),
      onReplace: vi.fn(),
      context: { document: 'A whole page of text.' },
    });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Improve');
    expect(await focusedPrimary(dialog)).toBe('Insert below');
    expect(within(dialog).queryByRole('button', { name: 'Replace selection' })).not.toBeInTheDocument();
  });
});
