// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as WordDiff from '../../src/react/word-diff';
import { answerWith, openDialog, renderDialog, runInstruction, settled, useBackend } from './dialog-harness';

const diffs = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/react/word-diff', async (importOriginal) => {
  const original = await importOriginal<typeof WordDiff>();
  return {
    ...original,
    wordDiff: (...args: Parameters<typeof original.wordDiff>) => {
      diffs.count++;
      return original.wordDiff(...args);
    },
  };
});

useBackend();

describe('Show changes', () => {
  it('works the changes out once the answer is done, so that pressing it only shows them', async () => {
    answerWith('The council approved the lanes.');
    const { user } = renderDialog({ context: { selection: 'The council approved the lanes on Monday.' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Make it shorter.');
    await settled();
    await waitFor(() => expect(diffs.count).toBe(1));
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    expect(await within(dialog).findByRole('region', { name: 'Changes' })).toHaveTextContent('[removed: ');
    expect(diffs.count).toBe(1);
  });
});
