import { describe, expect, it } from 'vitest';
import { baseUrl, openDemoWithSelection, page, setSimulation, useBrowser, runTask, answered } from './browser';

useBrowser();

const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });

const openWithSelection = () => openDemoWithSelection();

const posted = (path: string) => {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.url().includes(path)) bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
  });
  return bodies;
};

describe('working with an answer in Chromium', () => {
  it('keeps the first answer reachable after a second run, and inserts it with its own provenance', async () => {
    await openWithSelection();
    await runTask(dialog(), 'Summarise');
    await answered(dialog());
    await dialog().getByRole('button', { name: 'Regenerate' }).click();
    await dialog().getByText('2 of 2').waitFor();
    await dialog().getByRole('button', { name: 'Previous answer' }).click();
    await dialog().getByText('1 of 2').waitFor();
    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    // The editor marks the inserted text with the run that wrote it; the log names that run's instruction.
    const runId = await page.locator('.rte [data-ai-written]').first().getAttribute('data-ai-written');
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = await page.getByRole('list', { name: 'Editor log' }).getByRole('listitem').first().textContent();
    expect(logged).toMatch(new RegExp(`^Inserted \\(Summarise this text in two sentences\\. · ${runId} · tools: `));
  });

  it('refines the shown answer: the request carries it and the simulated model shortens it', async () => {
    const runs = posted('/api/ask-ai/run');
    await openWithSelection();
    await runTask(dialog(), 'Improve');
    await answered(dialog());
    const first =
      (await dialog()
        .getByRole('region', { name: 'Answer' })
        .locator('[data-ask-ai-part="answer-text"]')
        .textContent()) ?? '';
    await dialog().getByRole('textbox', { name: 'Instruction' }).fill('Make it shorter');
    await dialog().getByRole('textbox', { name: 'Instruction' }).press('Enter');
    await dialog().getByText('2 of 2').waitFor();
    const refined =
      (await dialog()
        .getByRole('region', { name: 'Answer' })
        .locator('[data-ask-ai-part="answer-text"]')
        .textContent()) ?? '';
    expect(runs[1]).toMatchObject({
      prompt: 'Make it shorter',
      context: {
        previousAnswer: first.trim(),
        previousInstruction: 'Improve the wording, grammar and punctuation of this text.',
      },
    });
    expect(refined.length).toBeLessThan(first.length);
  });

  it('shows the changes to the selection, removed and added words marked and announced', async () => {
    await openWithSelection();
    await runTask(dialog(), 'Improve');
    await answered(dialog());
    await dialog().getByRole('button', { name: 'Show changes' }).click();
    const changes = dialog().getByRole('region', { name: 'Changes' });
    await changes.waitFor();
    const marks = await changes.locator('del, ins').evaluateAll((els) => els.map((el) => [el.tagName, el.textContent]));
    expect(marks.length).toBeGreaterThan(0);
    for (const [tag, text] of marks) expect(text).toMatch(tag === 'DEL' ? /^\[removed: .+\]$/ : /^\[added: .+\]$/);
    // The marker words are there for screen readers, not for the eye.
    const hidden = await changes
      .locator('del > span')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(hidden).toBeLessThanOrEqual(1);
  });

  it('posts Helpful once per press with the answer’s correlation id; a failed post leaves the answer', async () => {
    const outcomes = posted('/api/ask-ai/outcome');
    await openWithSelection();
    await runTask(dialog(), 'Summarise');
    await answered(dialog());
    await dialog().getByRole('button', { name: 'Helpful', exact: true }).click();
    await dialog().getByText('Thanks for the feedback.').waitFor();
    await dialog().getByRole('button', { name: 'Helpful', exact: true }).click();
    expect(outcomes).toEqual([{ correlationId: expect.stringMatching(/^corr-/), outcome: 'helpful' }]);
    const recorded = (await (await fetch(`${baseUrl()}/api/ask-ai/simulation`)).json()) as { outcomes: unknown[] };
    expect(recorded.outcomes).toEqual(outcomes);
    await setSimulation({ fault: 'outcome:server-error' });
    const answer = await dialog().getByRole('region', { name: 'Answer' }).textContent();
    await dialog().getByRole('button', { name: 'Not helpful', exact: true }).click();
    await dialog().getByText('The feedback could not be sent.').waitFor();
    expect(await dialog().getByRole('region', { name: 'Answer' }).textContent()).toBe(answer);
    expect(outcomes).toHaveLength(2);
  });
});
