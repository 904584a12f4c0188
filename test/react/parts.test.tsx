// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MAX_STEPS } from '../../src/client/run-state';
import type { AskAiPreset } from '../../src/i18n/presets';
import { MAX_DIFF_WORDS } from '../../src/react/answer-changes';
import {
  answerWith,
  ARTICLE,
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

/** An NDJSON run body of these events, left open (a run still going) until the client gives up on it. */
const openStream =
  (events: readonly unknown[]): HttpResponseResolver =>
  ({ request }) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(events.map((event) => `${JSON.stringify(event)}\n`).join('')));
        request.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'application/x-ndjson' } });
  };

useBackend();

/** Every `data-ask-ai-part` README documents for styling: each must exist in some state of the dialog. */
const DOCUMENTED = [
  'trigger',
  'dialog',
  'body',
  'context',
  'prompt',
  'instruction',
  'send',
  'tasks',
  'task',
  'more',
  'expand',
  'stop',
  'retry',
  'countdown',
  'tools',
  'tools-error',
  'progress',
  'timeline',
  'outcome',
  'details',
  'answer-card',
  'answer',
  'provenance',
  'answer-text',
  'answer-before',
  'ai-note',
  'actions',
  'refusal',
  'usage',
  'announcer',
  'variants',
  'feedback',
  'changes',
  'context-cut',
  'copy',
  'show-changes',
  'show-earlier',
  'insert',
  'replace',
  'selection',
  'follow-ups',
] as const;
// (`image`, the alt-text dialog's thumbnail, is asserted in ask-ai-dialog.test.tsx.)

/** The parts README calls rarer: each in the one state that shows it. */
const RARE = [
  'answer-cut',
  'changes-too-long',
  'changes-too-many',
  'no-changes',
  'more-steps',
  'incomplete',
  'earlier',
  'applied',
  'no-permission',
  'log-in',
  'failed',
  'needs-text',
  'no-match',
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
      debug: true,
      onInsert: () => ({ refused: 'other' }),
      onReplace: () => undefined,
    });
    look();
    let dialog = await openDialog(user);
    look();
    await user.click(within(dialog).getByRole('option', { name: 'More tasks' }));
    look();
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'Sum');
    look();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Instruction' }));
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
    // A second answer, and while it is asked for the first stays in view.
    holdStreams(true);
    await runInstruction(user, 'Shorten this text.');
    await waitFor(() => expect(dialog.querySelector('[data-ask-ai-part="answer-before"]')).not.toBeNull());
    look();
    holdStreams(false);
    await settled();
    look();
    // Closed and opened again: clean, the answers one click away.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openDialog(user);
    look();
    await user.click(within(dialog).getByRole('button', { name: /^Show earlier answers/ }));
    await within(dialog).findByRole('button', { name: 'Insert below' });
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    await waitFor(() => expect(dialog.querySelector('[data-ask-ai-part="changes"]')).not.toBeNull());
    look();
    unmount();

    // A backend that asks to wait, and a tool list that fails.
    backend.setState({ fault: 'rate-limited' });
    server.use(http.get('*/api/ask-ai/tools', () => HttpResponse.json({ success: false }, { status: 500 })));
    const second = renderDialog({ debug: true });
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

  it('the rarer ones appear too, each in the state it belongs to', async () => {
    const rare = new Set<string>();
    const note = (root: ParentNode = document) => {
      for (const element of root.querySelectorAll('[data-ask-ai-part]'))
        rare.add(element.getAttribute('data-ask-ai-part')!);
    };
    const ask = async (props: Parameters<typeof renderDialog>[0], instruction = 'Summarise this text.') => {
      const view = renderDialog(props);
      const dialog = await openDialog(view.user);
      await runInstruction(view.user, instruction);
      await settled();
      return { ...view, dialog };
    };

    // An answer the same as the selection: no changes. One past the diff's limit: too long to compare.
    answerWith(ARTICLE);
    const same = await ask({});
    await same.user.click(within(same.dialog).getByRole('button', { name: 'Show changes' }));
    await within(same.dialog).findByText(/^No changes/);
    note();
    same.unmount();
    answerWith('word '.repeat(MAX_DIFF_WORDS + 1));
    const long = await ask({});
    await long.user.click(within(long.dialog).getByRole('button', { name: 'Show changes' }));
    await waitFor(() => expect(long.dialog.querySelector('[data-ask-ai-part="changes-too-long"]')).not.toBeNull());
    note();
    long.unmount();
    // An answer that rewrites every other word: too many changes to list.
    const words = Array.from({ length: 1_000 }, (_, i) => `w${i}`);
    answerWith(words.map((word, i) => (i % 2 ? `x${i}` : word)).join(' '));
    const many = await ask({ context: { selection: words.join(' ') } });
    await many.user.click(within(many.dialog).getByRole('button', { name: 'Show changes' }));
    await waitFor(() => expect(many.dialog.querySelector('[data-ask-ai-part="changes-too-many"]')).not.toBeNull());
    note();
    many.unmount();

    // An answer past the client's cap: what was cut is said.
    answerWith('a'.repeat(2_000_001));
    const cut = await ask({});
    note();
    cut.unmount();

    // More steps than the timeline keeps.
    const steps = Array.from({ length: MAX_STEPS + 2 }, (_, round) => ({
      event: 'step',
      step: { kind: 'llm', round, durationMs: 1 },
    }));
    server.use(http.post('*/api/ask-ai/run', openStream(steps)));
    const busy = renderDialog({ debug: true });
    const running = await openDialog(busy.user);
    await runInstruction(busy.user, 'Summarise this text.');
    await busy.user.click(await within(running).findByText(`Steps (${MAX_STEPS + 2})`));
    note();
    await busy.user.click(within(running).getByRole('button', { name: 'Stop' }));
    busy.unmount();
    server.resetHandlers();

    // Stopped with part of an answer: incomplete. Then a run that fails: the earlier answer stays, marked.
    const stopped = renderDialog({});
    const dialog = await openDialog(stopped.user);
    holdStreams(true);
    await runInstruction(stopped.user, 'Summarise this text.');
    await waitFor(() => {
      releaseStream();
      expect(dialog.querySelector('[data-ask-ai-part="answer-text"]')?.textContent ?? '').not.toBe('');
    });
    await stopped.user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await settled();
    note();
    holdStreams(false);
    backend.setState({ fault: 'server-error' });
    await runInstruction(stopped.user, 'Shorten this text.');
    await settled();
    note();
    stopped.unmount();
    backend.resetState();

    // Nothing to edit, and words that name no task.
    const empty = renderDialog({ context: {} });
    const blank = await openDialog(empty.user);
    await empty.user.type(within(blank).getByRole('textbox', { name: 'Instruction' }), 'zzz');
    note();
    await empty.user.clear(within(blank).getByRole('textbox', { name: 'Instruction' }));
    note();
    empty.unmount();

    // Handed over, with the dialog kept open: applied.
    const applied = await ask({ closeOnApply: false, onInsert: () => undefined });
    await applied.user.click(within(applied.dialog).getByRole('button', { name: 'Insert below' }));
    await within(applied.dialog).findByText('Inserted');
    note();
    applied.unmount();

    // No permission for the tools; a session that expired, with a page to log in again.
    server.use(http.get('*/api/ask-ai/tools', () => HttpResponse.json({ success: false }, { status: 403 })));
    const denied = renderDialog({});
    await openDialog(denied.user);
    await within(screen.getByRole('dialog')).findByText(/permission/);
    note();
    denied.unmount();
    server.use(http.get('*/api/ask-ai/tools', () => HttpResponse.json({ success: false }, { status: 401 })));
    const expired = renderDialog({ loginUrl: '/typo3/login' });
    await openDialog(expired.user);
    await within(screen.getByRole('dialog')).findByRole('link', { name: 'Log in again' });
    note();
    expired.unmount();
    server.resetHandlers();

    // A dialog that cannot render says so in the host's page, and nothing more.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = renderDialog({ presets: 5 as unknown as AskAiPreset[] });
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be shown|failed/i);
    note();
    broken.unmount();

    expect(RARE.filter((part) => !rare.has(part))).toEqual([]);
  }, 30_000);
});
