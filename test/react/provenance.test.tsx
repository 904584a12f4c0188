// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  backend,
  holdStreams,
  openDialog,
  releaseStream,
  renderDialog,
  runInstruction,
  settled,
  useBackend,
} from './dialog-harness';

useBackend();

const provenance = (dialog: HTMLElement) => dialog.querySelector('[data-ask-ai-part="provenance"]');

describe('an answer says what it is', () => {
  it('names the editor’s own words in quotes, a task by its name, and "Inserted" once it went in', async () => {
    const { user } = renderDialog({ closeOnApply: false, onInsert: () => undefined });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this text.');
    await settled();
    expect(provenance(dialog)).toHaveTextContent(/^“Summarise this text\.”$/);
    expect(provenance(dialog)).not.toHaveTextContent('Inserted');
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    await waitFor(() => expect(provenance(dialog)).toHaveTextContent('Inserted'));
  });

  it('marks a stopped answer "Incomplete", and keeps it usable', async () => {
    const { user } = renderDialog({ onInsert: () => undefined });
    const dialog = await openDialog(user);
    holdStreams(true);
    await runInstruction(user, 'Summarise this text.');
    // Let pieces of the answer through, then stop.
    await waitFor(() => {
      releaseStream();
      expect(dialog.querySelector('[data-ask-ai-part="answer-text"]')?.textContent ?? '').not.toBe('');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await settled();
    expect(provenance(dialog)).toHaveTextContent('Incomplete');
    expect(within(dialog).getByRole('button', { name: 'Insert below' })).toBeEnabled();
  });

  it('labels an earlier answer "Earlier answer" when the last run failed', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this text.');
    await settled();
    expect(provenance(dialog)).not.toHaveTextContent('Earlier answer');
    backend.setState({ fault: 'server-error' });
    await runInstruction(user, 'Shorten this text.');
    await settled();
    expect(provenance(dialog)).toHaveTextContent('“Summarise this text.”');
    expect(provenance(dialog)).toHaveTextContent('Earlier answer');
  });
});
