import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repository, serveSite, type SiteServer } from '../../../scripts/typo3-site';
import { login, model, openContentElement, openDialog, page, selectParagraph, site, useTypo3 } from './harness/backend';

/**
 * The answer streaming in the real TYPO3, with nr-llm as shipped and with the extension's nr-llm patch
 * (typo3/Patches/nr-llm-streaming.patch, applied here to the test site's own copy of nr-llm, never to the
 * shared source, and taken out again after): the model streams 30 chunks of about 300 bytes 200 ms apart
 * to an editor's Improve (a task without tools: nr-llm's streaming chat).
 */
const PATCH = join(repository, 'typo3/Patches/nr-llm-streaming.patch');
const CHUNKS = Array.from({ length: 30 }, (_, i) =>
  `Sentence ${i + 1} of the improved text, long enough to carry a few words of weight. `.repeat(4),
);

const nrLlm = () => join(site().path, 'vendor/netresearch/nr-llm');
const patch = (...args: string[]) =>
  execFileSync('patch', ['-p1', '--forward', '--silent', '-d', nrLlm(), '-i', PATCH, ...args], { stdio: 'pipe' });
const patched = () => {
  try {
    patch('--reverse', '--dry-run');
    return true;
  } catch {
    return false;
  }
};

/** Returns as soon as the dialog shows words of the answer (read every 25 ms). */
async function firstWordsShown(ask: Locator): Promise<void> {
  const answer = ask.locator('[data-ask-ai-part="answer-text"]');
  for (;;) {
    if ((await answer.count()) > 0 && ((await answer.first().textContent()) ?? '').includes('Sentence 1')) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Improve on the first paragraph, in `target` (the page of the node that serves it). */
async function streamedRun(target: Page = page): Promise<{ ask: Locator; sentBefore: number }> {
  await model.script({ when: 'Improve the wording', chunks: CHUNKS, chunkDelayMs: 200 });
  await login('editor', target);
  const frame = await openContentElement(1, target);
  await selectParagraph(frame, 0);
  const ask = await openDialog(frame, 'Ask AI', target);
  await ask.getByRole('option', { name: 'Improve' }).click();
  await firstWordsShown(ask);
  // How far the model was when the words showed (its log, read at that moment).
  const call = (await model.log()).filter((request) => request.stream).at(-1);
  expect(call, 'the model was asked with "stream": true').toBeDefined();
  return { ask, sentBefore: call!.chunkTimes.length };
}

describe('the answer streaming, in the real TYPO3', () => {
  useTypo3();
  let patchedNode: SiteServer | null = null;

  beforeAll(() => {
    // A run that ended before its clean-up leaves the copy patched: start from nr-llm as shipped.
    if (patched()) patch('--reverse');
  });

  afterAll(async () => {
    await patchedNode?.stop();
    if (patched()) patch('--reverse');
  });

  it('nr-llm as shipped: the first words come with the model’s last chunk (the whole body read first)', async () => {
    const { ask, sentBefore } = await streamedRun();
    // Blocked upstream: nothing reaches PHP before the model has sent everything.
    expect(sentBefore).toBe(CHUNKS.length);
    await ask.getByRole('button', { name: 'Replace selection' }).waitFor();
  });

  it('with the patch: first words before the model’s last chunk; Stop ends its connection, keeps them', async () => {
    patch();
    // A node of its own, started on the patched files (PHP's server caches compiled files).
    patchedNode = await serveSite(site(), 2, 'php-server-streaming');
    // The editor's browser on that node (the session is the database's).
    const context = await page.context().browser()!.newContext({ baseURL: patchedNode.url });
    const onPatched = await context.newPage();
    const { ask, sentBefore } = await streamedRun(onPatched);
    // (Seen here within a chunk or two: 200 ms apart, and 30 of them.)
    expect(sentBefore).toBeLessThan(CHUNKS.length);
    // Stop half-way: what arrived stays, marked incomplete; nr-llm lets go of the model at the next piece.
    await ask.getByRole('button', { name: 'Stop' }).click();
    await ask.getByText('Stopped.').first().waitFor({ timeout: 5_000 });
    expect(await ask.locator('[data-ask-ai-part="answer-text"]').textContent()).toContain('Sentence 1');
    await ask.locator('[data-ask-ai-part="incomplete"]').waitFor();
    await expect
      .poll(async () => (await model.log()).find((request) => request.stream)?.closedByClient, { timeout: 10_000 })
      .toBe(true);
    const call = (await model.log()).find((request) => request.stream)!;
    expect(call.chunkTimes.length, 'the model stopped sending when nr-llm let go').toBeLessThan(CHUNKS.length);
    await context.close();
  });
});
