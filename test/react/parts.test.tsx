// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  backend,
  holdStreams,
  openDialog,
  releaseStream,
  renderDialog,
  runInstruction,
  server,
  settled,
  useBackend,
} from './dialog-harness';

useBackend();

/** Every `data-ask-ai-part` README documents for styling: each must exist in some state of the dialog. */
const DOCUMENTED = [
  'trigger',
  'dialog',
  'body',
  'form',
  'presets',
  'run',
  'stop',
  'retry',
  'countdown',
  'context',
  'tools',
  'tools-error',
  'progress',
  'elapsed',
  'timeline',
  'outcome',
  'details',
  'answer',
  'ai-note',
  'actions',
  'refusal',
  'usage',
  'announcer',
  'variants',
  'feedback',
  'workflow',
  'changes',
  'context-cut',
  'answer-card',
  'copy',
  'show-changes',
  'done',
  'provenance',
] as const;

const seen = new Set<string>();
const look = () => {
  for (const element of document.querySelectorAll('[data-ask-ai-part]')) {
    seen.add(element.getAttribute('data-ask-ai-part')!);
  }
};

describe('the documented parts', () => {
  it('appear, each in the state it belongs to', async () => {
    // Idle, then running, then done with two answers, a refused Insert and the changes shown.
    const { user, unmount } = renderDialog({
      endpoints: {
        tools: '/api/ask-ai/tools',
        run: '/api/ask-ai/run',
        cancel: '/api/ask-ai/cancel',
        outcome: '/api/ask-ai/outcome',
      },
      contextLimit: 40,
      onInsert: () => ({ refused: 'other' }),
      onReplace: () => undefined,
    });
    look();
    const dialog = await openDialog(user);
    look();
    holdStreams(true);
    await runInstruction(user, 'Summarise this text.');
    await within(dialog).findByRole('button', { name: 'Stop' });
    // Step by step through the held stream until the first step shows.
    await waitFor(() => {
      releaseStream();
      expect(dialog.querySelector('[data-ask-ai-part="timeline"]')).not.toBeNull();
    });
    look();
    holdStreams(false);
    await settled();
    await runInstruction(user, 'Shorten this text.');
    await settled();
    look();
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    await waitFor(() => expect(dialog.querySelector('[data-ask-ai-part="changes"]')).not.toBeNull());
    look();
    unmount();

    // A backend that asks to wait, and a tool list that fails.
    backend.setState({ fault: 'rate-limited' });
    server.use(http.get('*/api/ask-ai/tools', () => HttpResponse.json({ success: false }, { status: 500 })));
    const second = renderDialog();
    const failed = await openDialog(second.user);
    await runInstruction(second.user, 'Summarise this text.');
    await waitFor(() => expect(failed.querySelector('[data-ask-ai-part="countdown"]')).not.toBeNull());
    look();
    second.unmount();

    // The server's own words, in Details.
    backend.setState({ fault: 'server-error' });
    const third = renderDialog();
    const broken = await openDialog(third.user);
    await runInstruction(third.user, 'Summarise this text.');
    await waitFor(() => expect(broken.querySelector('[data-ask-ai-part="details"]')).not.toBeNull());
    look();

    expect(DOCUMENTED.filter((part) => !seen.has(part))).toEqual([]);
  });
});
