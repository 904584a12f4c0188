// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answerWith,
  backend,
  ENDPOINTS,
  openDialog,
  renderDialog,
  runInstruction,
  sent,
  settled,
  useBackend,
} from './dialog-harness';

useBackend();

const SELECTION =
  'The city council approved the new cycle lanes on Monday. The lanes connect the station with the university. ' +
  'Construction starts in spring and takes six months.';
const WITH_OUTCOME = { ...ENDPOINTS, outcome: 'http://localhost/api/ask-ai/outcome?token=t4' };

describe('the answer workflow', () => {
  it('keeps the first answer reachable after a second run, with its own provenance, and says Regenerate', async () => {
    const onInsert = vi.fn();
    const { user } = renderDialog({ onInsert, context: { selection: SELECTION } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    await runInstruction(user, 'Improve this.');
    await settled();
    expect(within(dialog).getByText('2 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next answer' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Previous answer' }));
    expect(within(dialog).getByText('1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledTimes(1));
    expect((onInsert.mock.calls[0] as [unknown, { instruction: string }])[1].instruction).toBe('Summarise this.');
  });

  it('shows the changes to the selection word by word, announced as removed and added', async () => {
    const { user } = renderDialog({ context: { selection: SELECTION } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Make it shorter.');
    await settled();
    const toggle = within(dialog).getByRole('button', { name: 'Show changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const changes = await within(dialog).findByRole('region', { name: 'Changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const removed = changes.querySelectorAll('del');
    expect(removed.length).toBeGreaterThan(0);
    expect(removed[0]?.textContent).toMatch(/^\[removed: .+\]$/);
    expect(changes.textContent).toContain('The city council approved');
    // In the card, in the answer's place (not the answer again in a second box); pressed again, the answer.
    const card = within(dialog).getByRole('region', { name: 'Answer' });
    expect(card).toContainElement(changes);
    // The answer is set aside in its place (out of view and of the accessibility tree), kept for Hide.
    expect(card.querySelector('.ask-ai-answer-blocks')?.closest('[aria-hidden="true"]')).toHaveClass(
      'ask-ai-set-aside',
    );
    expect(within(changes).queryByText(/^No changes/)).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('region', { name: 'Changes' })).not.toBeInTheDocument();
    expect(await within(card).findByText(/city council/)).toBeInTheDocument();
  });

  it('says "No changes" when the answer keeps every word of the selection', async () => {
    answerWith(SELECTION);
    const { user } = renderDialog({ context: { selection: SELECTION } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Fix the spelling.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    const changes = await within(dialog).findByRole('region', { name: 'Changes' });
    expect(within(changes).getByText('No changes: the answer keeps every word of the selection.')).toBeVisible();
    expect(changes.querySelectorAll('del, ins')).toHaveLength(0);
  });

  it('says a selection too long to compare is too long, instead of freezing the page on it', async () => {
    const { user } = renderDialog({ context: { selection: 'a b '.repeat(3_000) } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Make it shorter.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    const changes = await within(dialog).findByRole('region', { name: 'Changes' });
    expect(changes).toHaveTextContent('Too long to compare here: changes are shown for texts of up to 2,000 words.');
    expect(changes.querySelectorAll('del, ins')).toHaveLength(0);
    expectAnswerAbove(dialog, changes);
  });

  /** The answer stays in view as it was, the note that says why no changes are listed under it. */
  function expectAnswerAbove(dialog: HTMLElement, changes: HTMLElement) {
    const answer = within(dialog).getByRole('region', { name: 'Answer' }).querySelector('.ask-ai-answer-blocks')!;
    expect(answer.closest('[aria-hidden="true"], .ask-ai-set-aside')).toBeNull();
    expect(changes.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  }

  /** A selection of `count` words, an answer with every word at `changed` replaced, its changes shown. */
  async function showChanges(count: number, changed: (i: number) => boolean) {
    const words = Array.from({ length: count }, (_, i) => `w${i}`);
    answerWith(words.map((word, i) => (changed(i) ? `x${i}` : word)).join(' '));
    const { user } = renderDialog({ context: { selection: words.join(' ') } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Improve the wording.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    const changes = await within(dialog).findByRole('region', { name: 'Changes' });
    return { user, dialog, changes };
  }

  it('compares up to 2,000 words, and lists up to 400 words removed and added', async () => {
    // Every tenth word changed: 200 words out, 200 in.
    const { changes } = await showChanges(2_000, (i) => i % 10 === 5);
    expect(changes.querySelectorAll('del')).toHaveLength(200);
    expect(changes.querySelectorAll('ins')).toHaveLength(200);
    expect(changes.querySelector('del')).toHaveTextContent('[removed: w5 ]');
  });

  it('says an answer that rewrites much of the selection changes too much to list', async () => {
    // Every fourth word changed: 250 words out, 250 in: 500 edits.
    const { user, dialog, changes } = await showChanges(1_000, (i) => i % 4 === 1);
    expect(within(changes).getByText(/^Too many changes to list here/)).toBeVisible();
    expect(changes.querySelectorAll('del, ins')).toHaveLength(0);
    expectAnswerAbove(dialog, changes);
    expect(within(dialog).getByRole('region', { name: 'Answer' })).toHaveTextContent('x1 w2');
    // Pressed again, the note goes.
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    expect(within(dialog).queryByRole('region', { name: 'Changes' })).not.toBeInTheDocument();
  });

  it('offers no "Show changes" without a selection', async () => {
    const { user } = renderDialog({ context: { document: SELECTION } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).queryByRole('button', { name: 'Show changes' })).not.toBeInTheDocument();
  });

  it('refines the shown answer: the request carries it, and the answer gets shorter', async () => {
    const { user } = renderDialog({ context: { selection: SELECTION } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this text in two sentences.');
    await settled();
    const first = sent.runs.length;
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'Make it shorter{Enter}');
    await settled();
    expect(sent.runs[first]).toMatchObject({
      prompt: 'Make it shorter',
      context: { previousInstruction: 'Summarise this text in two sentences.', previousAnswer: expect.any(String) },
    });
    expect(within(dialog).getByText('2 of 2')).toBeInTheDocument();
  });

  it('posts Helpful once per press with the answer’s correlation id, and tells the host', async () => {
    const onFeedback = vi.fn();
    const { user } = renderDialog({ endpoints: WITH_OUTCOME, onFeedback });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const helpful = within(dialog).getByRole('button', { name: 'Helpful' });
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await user.click(helpful);
    await user.click(helpful);
    await waitFor(() => expect(within(dialog).getByText('Thanks for the feedback.')).toBeInTheDocument());
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    expect(sent.outcomes).toEqual([{ correlationId: expect.stringMatching(/^corr-/), outcome: 'helpful' }]);
    expect(onFeedback).toHaveBeenCalledTimes(1);
    expect(onFeedback.mock.calls[0]?.[0]).toBe('helpful');
    expect((onFeedback.mock.calls[0] as [string, unknown, { correlationId: string }])[2].correlationId).toMatch(
      /^corr-/,
    );
  });

  it('says quietly that the feedback failed, and keeps the answer', async () => {
    const { user } = renderDialog({ endpoints: WITH_OUTCOME });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const answer = within(dialog).getByRole('region', { name: 'Answer' }).textContent;
    backend.setState({ fault: 'outcome:server-error' });
    await user.click(within(dialog).getByRole('button', { name: 'Not helpful' }));
    expect(await within(dialog).findByText('The feedback could not be sent.')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Answer' }).textContent).toBe(answer);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no feedback without an outcome endpoint or a host handler', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).queryByRole('button', { name: 'Helpful' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not helpful' })).not.toBeInTheDocument();
  });
});
