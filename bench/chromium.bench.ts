import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { longAnswer } from './browser/answer';
import { startBenchServer } from './browser/server';
import { record } from './results';
import { MAX_DIFF_WORDS } from '../src/react/answer-changes';
import { MAX_WORD_EDITS } from '../src/react/word-diff';
import { CORPUS } from '../test/fixtures/hostile-corpus';

/**
 * The dialog in Debian's Chromium, the React widget and the standalone (Preact) widget on identical
 * pages against one plain-text floor, each streaming the same 60 kB markdown answer in 6,000 deltas,
 * one per millisecond. Main-thread CPU is the renderer's own count (CDP `Performance.getMetrics`,
 * TaskDuration); rounds are interleaved (floor, React, Preact, floor, …), and a ratio is the median of
 * the rounds' ratios: each widget against the floor of its own round, so a slow minute of a shared
 * machine weighs on both sides of a ratio alike.
 */
const ROUNDS = 7;
const CPU_BUDGET = 1.5;
const LONG_TASK_BUDGET_MS = 50;
const IMPL_BUDGET = 1.2;
const OPEN_FRAMES_BUDGET = 2;
const CYCLES = 200;
const HEAP_BUDGET_BYTES = 1024 * 1024;

let server: Awaited<ReturnType<typeof startBenchServer>>;
let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  server = await startBenchServer();
  profile = mkdtempSync(join(tmpdir(), 'ask-ai-bench-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'],
    viewport: { width: 1280, height: 800 },
  });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  rmSync(profile, { recursive: true, force: true });
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
}

async function openPage(path: string): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, cdp };
}

interface Streamed {
  cpuMs: number;
  longestTaskMs: number;
  frames: number;
  batches: number;
}

type Window_ = { measureStart(): void; measureEnd(): Promise<{ frames: number; batches: number; longest: number }> };

type Delivery = 'long' | 'burst' | 'json';

async function streamFloor(delivery: Delivery = 'long'): Promise<Streamed> {
  const { page, cdp } = await openPage(`/floor?n=${delivery}`);
  const before = await taskSeconds(cdp);
  await page.evaluate(() => (window as unknown as Window_).measureStart());
  await page.evaluate(() => (window as unknown as { floor(): Promise<void> }).floor());
  const end = await page.evaluate(() => (window as unknown as Window_).measureEnd());
  const cpuMs = ((await taskSeconds(cdp)) - before) * 1000;
  await page.close();
  return { cpuMs, longestTaskMs: end.longest, frames: end.frames, batches: end.batches };
}

const TAIL = longAnswer()
  .trim()
  .split(/\s+/)
  .pop()!
  .replace(/[^A-Za-z0-9]/g, '');

async function streamDialog(impl: 'react' | 'preact', delivery: Delivery = 'long'): Promise<Streamed> {
  const { page, cdp } = await openPage(`/${impl}?n=${delivery}`);
  await page.getByRole('button', { name: 'Ask AI' }).click();
  await page.getByRole('textbox', { name: 'Instruction' }).fill('Summarise the article.');
  await page.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
  const before = await taskSeconds(cdp);
  await page.evaluate(() => (window as unknown as Window_).measureStart());
  // The end is watched from inside the page, ten times a second: Playwright's own waiting would
  // query the page (shadow roots included) at every frame and charge that to the dialog.
  const ended = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const root = document.getElementById('host')!.shadowRoot!;
        const timer = setInterval(() => {
          // Done, and rendered as markdown (the renderer's chunk may still load after a burst).
          if (!root.querySelector('[data-ask-ai-part="answer"][data-state="done"] table')) return;
          clearInterval(timer);
          resolve();
        }, 100);
      }),
  );
  // Run is clicked from inside the page, as the floor is started: Playwright's own click resolves the
  // button by role and checks it in the page first, work that would be charged to the dialog.
  await page.evaluate(() =>
    (document.getElementById('host')!.shadowRoot!.querySelector('[data-ask-ai-part="send"]') as HTMLElement).click(),
  );
  await ended;
  const end = await page.evaluate(() => (window as unknown as Window_).measureEnd());
  const cpuMs = ((await taskSeconds(cdp)) - before) * 1000;
  // The whole answer arrived and shows (its last word), rendered as markdown (a table among it).
  expect(await page.locator('[data-ask-ai-part="answer"]').textContent()).toContain(TAIL);
  expect(await page.locator('[data-ask-ai-part="answer"] table').count()).toBeGreaterThan(10);
  await page.close();
  return { cpuMs, longestTaskMs: end.longest, frames: end.frames, batches: end.batches };
}

it('streams 60 kB in 6,000 deltas near the plain-text floor in main-thread CPU, React and Preact alike', async () => {
  const runs: Record<'floor' | 'react' | 'preact', Streamed[]> = { floor: [], react: [], preact: [] };
  // A warm-up of each, not counted: the first page of a browser pays for its caches.
  await streamFloor();
  await streamDialog('react');
  await streamDialog('preact');
  for (let round = 0; round < ROUNDS; round++) {
    runs.floor.push(await streamFloor());
    runs.react.push(await streamDialog('react'));
    runs.preact.push(await streamDialog('preact'));
  }
  const cpu = (impl: keyof typeof runs) => median(runs[impl].map((run) => run.cpuMs));
  /** The median over the rounds of `impl`'s CPU against `base`'s in the same round. */
  const ratioOf = (impl: keyof typeof runs, base: keyof typeof runs) =>
    median(runs[impl].map((run, round) => run.cpuMs / runs[base][round]!.cpuMs));
  const floor = cpu('floor');
  for (const impl of ['react', 'preact'] as const) {
    const name = impl === 'react' ? 'React widget' : 'standalone (Preact) widget';
    const ratio = ratioOf(impl, 'floor');
    const longest = Math.max(...runs[impl].map((run) => run.longestTaskMs));
    const commits = median(runs[impl].map((run) => run.batches));
    const frames = median(runs[impl].map((run) => run.frames));
    record({
      figure: `${name}: streaming CPU / plain-text floor`,
      value: `${ratio.toFixed(2)}× (${cpu(impl).toFixed(0)} / ${floor.toFixed(0)} ms)`,
      budget: `≤ ${CPU_BUDGET}×`,
      pass: ratio <= CPU_BUDGET,
    });
    record({
      figure: `${name}: longest task while streaming`,
      value: `${longest.toFixed(0)} ms`,
      budget: `≤ ${LONG_TASK_BUDGET_MS} ms`,
      pass: longest <= LONG_TASK_BUDGET_MS,
    });
    record({
      figure: `${name}: DOM update batches / animation frames`,
      value: `${commits} / ${frames}`,
      budget: '≤ 1 per frame',
      pass: commits <= frames,
    });
  }
  const implRatio = ratioOf('preact', 'react');
  record({
    figure: 'standalone / React widget: streaming CPU',
    value: `${implRatio.toFixed(2)}×`,
    budget: `≤ ${IMPL_BUDGET}×`,
    pass: implRatio <= IMPL_BUDGET,
  });
  for (const impl of ['react', 'preact'] as const) {
    expect(ratioOf(impl, 'floor')).toBeLessThanOrEqual(CPU_BUDGET);
    expect(Math.max(...runs[impl].map((run) => run.longestTaskMs))).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
    expect(median(runs[impl].map((run) => run.batches))).toBeLessThanOrEqual(median(runs[impl].map((r) => r.frames)));
  }
  expect(implRatio).toBeLessThanOrEqual(IMPL_BUDGET);
});

/**
 * The same 60 kB answer when a proxy that buffers NDJSON delivers all 6,000 deltas in one chunk. What the
 * burst costs is budgeted against the dialog given the same answer in one JSON body (no stream at all):
 * the price of the buffering, rounds interleaved as above. Against the plain-text floor it is reported,
 * not budgeted: a floor that appends one text node shows no markdown, and showing 60 kB of it with its
 * tables costs several floors however it arrives (BENCHMARKS.md, 2026-12-02).
 */
it('takes 60 kB of deltas in one burst at the cost of the same answer in one JSON body, React and Preact', async () => {
  const runs: Record<'floor' | 'react' | 'preact', Streamed[]> = { floor: [], react: [], preact: [] };
  const whole: Record<'react' | 'preact', Streamed[]> = { react: [], preact: [] };
  await streamFloor('burst');
  await streamDialog('react', 'burst');
  await streamDialog('preact', 'burst');
  for (let round = 0; round < ROUNDS; round++) {
    runs.floor.push(await streamFloor('burst'));
    runs.react.push(await streamDialog('react', 'burst'));
    runs.preact.push(await streamDialog('preact', 'burst'));
    whole.react.push(await streamDialog('react', 'json'));
    whole.preact.push(await streamDialog('preact', 'json'));
  }
  const cpu = (impl: keyof typeof runs) => median(runs[impl].map((run) => run.cpuMs));
  const overWhole = (impl: 'react' | 'preact') =>
    median(runs[impl].map((run, round) => run.cpuMs / whole[impl][round]!.cpuMs));
  const overFloor = (impl: 'react' | 'preact') =>
    median(runs[impl].map((run, round) => run.cpuMs / runs.floor[round]!.cpuMs));
  for (const impl of ['react', 'preact'] as const) {
    const name = impl === 'react' ? 'React widget' : 'standalone (Preact) widget';
    const wholeMs = median(whole[impl].map((run) => run.cpuMs));
    record({
      figure: `${name}: one burst / one JSON body`,
      value: `${overWhole(impl).toFixed(2)}× (${cpu(impl).toFixed(0)} / ${wholeMs.toFixed(0)} ms)`,
      budget: `≤ ${CPU_BUDGET}×`,
      pass: overWhole(impl) <= CPU_BUDGET,
    });
    record({
      figure: `${name}: one burst / plain-text floor`,
      value: `${overFloor(impl).toFixed(2)}× (${cpu(impl).toFixed(0)} / ${cpu('floor').toFixed(0)} ms)`,
      budget: 'reported',
      pass: true,
    });
  }
  for (const impl of ['react', 'preact'] as const) expect(overWhole(impl)).toBeLessThanOrEqual(CPU_BUDGET);
});

/**
 * The longest main-thread task while a 100,000-line answer (1.2 MB, one burst) arrives and shows: the
 * docs promise none over a second. Past the markdown cap such an answer shows as plain text.
 */
it('shows a 100,000-line answer with no main-thread task over 1 s, React and Preact', async () => {
  const longest: Record<string, number> = {};
  for (const impl of ['react', 'preact'] as const) {
    const { page } = await openPage(`/${impl}?n=lines`);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.getByRole('textbox', { name: 'Instruction' }).fill('List them.');
    await page.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
    await page.evaluate(() => (window as unknown as Window_).measureStart());
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-ask-ai-part="answer"][data-state="done"]').waitFor({ timeout: 60_000 });
    // A frame after the end, so the last task is over and observed.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const end = await page.evaluate(() => (window as unknown as Window_).measureEnd());
    expect(await page.locator('[data-ask-ai-part="answer"]').textContent()).toContain('item 100000');
    longest[impl] = end.longest;
    record({
      figure: `${impl === 'react' ? 'React widget' : 'standalone (Preact) widget'}: 100,000-line answer, longest task`,
      value: `${end.longest.toFixed(0)} ms`,
      budget: '≤ 1,000 ms',
      pass: end.longest <= 1000,
    });
    await page.close();
  }
  expect(longest.react).toBeLessThanOrEqual(1000);
  expect(longest.preact).toBeLessThanOrEqual(1000);
});

/**
 * "Show changes" at its caps, the longest main-thread task from the click until the changes show, and
 * from the second click until the answer is back: 2,000 words a side with as many words removed and
 * added as the diff looks for (the changes listed), the same words shuffled (too many changes: the diff
 * gives up), and an 80,000-word answer (too long: no diff). The diff itself runs before, once the answer
 * is done (its own figure is the word-diff bench's). Three rounds of each, React and Preact; the budget
 * is issue 21's.
 */
it('shows changes at the caps with no main-thread task over 50 ms, React and Preact', async () => {
  const words = Array.from({ length: MAX_DIFF_WORDS }, (_, i) => `word${i % 97}x${i % 13}`);
  const replaced = (i: number) => Math.floor((i * MAX_WORD_EDITS) / 2 / words.length);
  const shuffled = [...words];
  for (let i = shuffled.length - 1, seed = 7; i > 0; i--) {
    seed = (seed * 48271) % 2147483647;
    const j = seed % (i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const shapes: Record<string, string> = {
    // Half the bound's words replaced, evenly: as many removed and added as the diff looks for.
    listed: words.map((word, i) => (replaced(i + 1) > replaced(i) ? `new${i}` : word)).join(' '),
    'too many': shuffled.join(' '),
    'too long': 'word '.repeat(80_000).trim(),
  };
  const longest: Record<string, { ms: number; at: string }> = {};
  for (const impl of ['react', 'preact'] as const) {
    for (let round = 0; round < 3; round++) {
      for (const [shape, answer] of Object.entries(shapes)) {
        const { page } = await openPage(`/${impl}`);
        const body = JSON.stringify({
          success: true,
          finalContent: answer,
          iterations: 1,
          truncated: false,
          usage: [],
        });
        await page.route('**/api/run*', (route) => route.fulfill({ contentType: 'application/json', body }));
        await page.evaluate(
          (selection) => (window as unknown as { dialog: MountedLike }).dialog.update({ context: { selection } }),
          words.join(' '),
        );
        await page.getByRole('button', { name: 'Ask AI' }).click();
        await page.getByRole('textbox', { name: 'Instruction' }).fill('Improve it.');
        await page.getByRole('button', { name: 'Send' }).click();
        await page.getByRole('button', { name: 'Show changes' }).waitFor();
        // The answer's own showing over first (80,000 words take their frames): only Show changes counts.
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 200)))),
        );
        const shownMs = await toggleChanges(page, 'visible');
        const shown = await page.locator('[data-ask-ai-part="changes"]').textContent();
        expect(shown).toMatch(
          shape === 'listed' ? /\[removed: / : shape === 'too many' ? /^Too many changes/ : /^Too long to compare/,
        );
        // And back to the answer: the second press of the same toggle.
        const backMs = await toggleChanges(page, 'detached');
        for (const [way, task] of [
          ['shown', shownMs],
          ['hidden', backMs],
        ] as const) {
          if (task >= (longest[impl]?.ms ?? 0)) longest[impl] = { ms: task, at: `${shape}, ${way}` };
        }
        await page.close();
      }
    }
    const name = impl === 'react' ? 'React widget' : 'standalone (Preact) widget';
    record({
      figure: `${name}: Show changes and back at its caps, longest task`,
      value: `${longest[impl]!.ms.toFixed(0)} ms (${longest[impl]!.at})`,
      budget: `≤ ${LONG_TASK_BUDGET_MS} ms`,
      pass: longest[impl]!.ms <= LONG_TASK_BUDGET_MS,
    });
  }
  expect(longest.react!.ms).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
  expect(longest.preact!.ms).toBeLessThanOrEqual(LONG_TASK_BUDGET_MS);
});

type MountedLike = { update(props: { context: { selection: string } }): void };

/**
 * Presses "Show changes" in the page and waits until the changes are `state`, two frames after. Returns
 * the longest task the renderer's main thread ran meanwhile, from a trace of its top-level tasks: the
 * page's own long-task API reports none under 50 ms, and the figure should show how far under it is.
 */
async function toggleChanges(page: Page, state: 'visible' | 'detached'): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
  await page.evaluate(() => {
    // Marks the page's own main thread in the trace: other renderers (a spare one) trace beside it.
    performance.mark('ask-ai-bench-click');
    (
      document.getElementById('host')!.shadowRoot!.querySelector('[data-ask-ai-part="show-changes"]') as HTMLElement
    ).click();
  });
  await page.locator('[data-ask-ai-part="changes"]').waitFor({ state });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const main = events.find((e) => e.name === 'ask-ai-bench-click');
  expect(main).toBeDefined();
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.pid === main!.pid && e.tid === main!.tid && /(^|::)RunTask$/.test(e.name),
  );
  expect(tasks.length).toBeGreaterThan(0);
  return Math.max(...tasks.map((task) => (task.dur ?? 0) / 1000));
}

type TraceEvent = { ph: string; name: string; pid: number; tid: number; dur?: number };

/** Frames from a click on the trigger until the instruction has the focus (0: within the click's task). */
async function openFrames(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const root = document.getElementById('host')!.shadowRoot!;
        (root.querySelector('[data-ask-ai-part="trigger"]') as HTMLButtonElement).click();
        let frames = 0;
        const check = () => {
          if ((root.activeElement as HTMLElement | null)?.matches('textarea')) resolve(frames);
          else if (++frames > 120) resolve(frames);
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

it('opens with the instruction focused within two frames, warm, React and Preact alike', async () => {
  const frames: Record<string, number> = {};
  for (const impl of ['react', 'preact'] as const) {
    const { page } = await openPage(`/${impl}`);
    await openFrames(page);
    await page.keyboard.press('Escape');
    const counts: number[] = [];
    for (let i = 0; i < 9; i++) {
      counts.push(await openFrames(page));
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
    }
    frames[impl] = median(counts);
    record({
      figure: `${impl === 'react' ? 'React widget' : 'standalone (Preact) widget'}: open → instruction focused (warm)`,
      value: `${frames[impl]} frames`,
      budget: `≤ ${OPEN_FRAMES_BUDGET} frames`,
      pass: frames[impl]! <= OPEN_FRAMES_BUDGET,
    });
    await page.close();
  }
  expect(frames.react).toBeLessThanOrEqual(OPEN_FRAMES_BUDGET);
  expect(frames.preact).toBeLessThanOrEqual(OPEN_FRAMES_BUDGET);
});

/** Open, run a short task to its end, close: `count` times, in the page. */
async function cycles(page: Page, count: number) {
  await page.evaluate(async (n) => {
    const root = document.getElementById('host')!.shadowRoot!;
    const until = async (test: () => unknown) => {
      for (let i = 0; !test(); i++) {
        if (i > 500) throw new Error(`timed out at ${String(test)}: ${root.textContent?.slice(0, 400)}`);
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    for (let i = 0; i < n; i++) {
      (root.querySelector('[data-ask-ai-part="trigger"]') as HTMLButtonElement).click();
      await until(
        () =>
          root.querySelector('textarea') && root.querySelector('[data-ask-ai-part="body"]:not([data-tools="pending"])'),
      );
      const instruction = root.querySelector('textarea')!;
      setValue.call(instruction, `Task ${i}`);
      instruction.dispatchEvent(new Event('input', { bubbles: true }));
      // As a person does: the click comes after the typed text has rendered.
      await new Promise((r) => setTimeout(r, 0));
      (root.querySelector('[data-ask-ai-part="send"]') as HTMLButtonElement).click();
      await until(() => root.querySelector('[data-ask-ai-part="answer"][data-state="done"]'));
      (root.querySelector('.ask-ai-close') as HTMLButtonElement).click();
      await until(() => !root.querySelector('dialog[open]'));
      await new Promise((r) => setTimeout(r, 0));
    }
  }, count);
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** `<dialog>` elements alive in the heap that are not in the document: detached dialog nodes. */
async function detachedDialogs(cdp: CDPSession, page: Page): Promise<number> {
  const prototype = await cdp.send('Runtime.evaluate', { expression: 'HTMLDialogElement.prototype' });
  const found = await cdp.send('Runtime.queryObjects', { prototypeObjectId: prototype.result.objectId! });
  const total = await cdp.send('Runtime.callFunctionOn', {
    objectId: found.objects.objectId!,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  const connected = await page.evaluate(
    () => document.getElementById('host')!.shadowRoot!.querySelectorAll('dialog').length,
  );
  return (total.result.value as number) - connected;
}

it(`runs ${CYCLES} open/run/close cycles with the heap grown by ≤ 1 MB and no detached dialog`, async () => {
  const growth: Record<string, number> = {};
  for (const impl of ['react', 'preact'] as const) {
    const { page, cdp } = await openPage(`/${impl}?n=short`);
    await cycles(page, 10);
    const before = await heapAfterGc(cdp);
    await cycles(page, CYCLES);
    const after = await heapAfterGc(cdp);
    const detached = await detachedDialogs(cdp, page);
    growth[impl] = after - before;
    const name = impl === 'react' ? 'React widget' : 'standalone (Preact) widget';
    record({
      figure: `${name}: heap after ${CYCLES} cycles (forced GC)`,
      value: `${((after - before) / 1024).toFixed(0)} kB`,
      budget: '≤ 1,024 kB',
      pass: after - before <= HEAP_BUDGET_BYTES,
    });
    record({ figure: `${name}: detached <dialog> nodes`, value: String(detached), budget: '0', pass: detached === 0 });
    expect(detached).toBe(0);
    await page.close();
  }
  expect(growth.react).toBeLessThanOrEqual(HEAP_BUDGET_BYTES);
  expect(growth.preact).toBeLessThanOrEqual(HEAP_BUDGET_BYTES);
});

/**
 * The hostile corpus (answers that overflow parsers' stacks or make regular expressions backtrack, the
 * browser tests show each one): the longest main-thread task while each arrives in one body and shows.
 * The docs promise none over a second.
 */
it(`shows each of the ${Object.keys(CORPUS).length} hostile answers with no main-thread task over 1 s`, async () => {
  let worst = { name: '', ms: 0 };
  for (const [name, answer] of Object.entries(CORPUS)) {
    const { page } = await openPage('/react?n=short');
    const body = JSON.stringify({ success: true, finalContent: answer, iterations: 1, truncated: false, usage: [] });
    await page.route('**/api/run*', (route) => route.fulfill({ contentType: 'application/json', body }));
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.getByRole('textbox', { name: 'Instruction' }).fill('Answer.');
    await page.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
    await page.evaluate(() => (window as unknown as Window_).measureStart());
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-ask-ai-part="answer"][data-state="done"]').waitFor({ timeout: 60_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const end = await page.evaluate(() => (window as unknown as Window_).measureEnd());
    if (end.longest > worst.ms) worst = { name, ms: end.longest };
    await page.close();
  }
  record({
    figure: `hostile corpus (${Object.keys(CORPUS).length} answers): longest task (${worst.name})`,
    value: `${worst.ms.toFixed(0)} ms`,
    budget: '≤ 1,000 ms',
    pass: worst.ms <= 1000,
  });
  expect(worst.ms).toBeLessThanOrEqual(1000);
});
