// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskAiDialog } from '../../src/react';
import { frameThrottled } from '../../src/react/frame-store';
import { ENDPOINTS, openDialog, runInstruction, server, useBackend } from './dialog-harness';

useBackend();

/** Animation frames that run only when the test says so. */
function manualFrames() {
  const frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  let time = 1000;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  return {
    pending: () => frames.size,
    /** One frame, `ms` after the last one. */
    paint(ms = 1000 / 60) {
      time += ms;
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback(time);
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

/** A run stream that sends `first`, then waits for `release()` before it sends `rest` (and ends, with `end`). */
function gatedRun(first: readonly object[], rest: readonly object[], { end = false } = {}) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post('*/api/ask-ai/run', () => {
      const encoder = new TextEncoder();
      const line = (event: object) => encoder.encode(`${JSON.stringify(event)}\n`);
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const event of first) controller.enqueue(line(event));
          await gate;
          for (const event of rest) controller.enqueue(line(event));
          if (end) controller.close();
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'application/x-ndjson' } });
    }),
  );
  return { release };
}

describe('frameThrottled', () => {
  function counter() {
    let value = { status: 'idle', n: 0 };
    const listeners = new Set<() => void>();
    return {
      set(next: { status: string; n: number }) {
        value = next;
        for (const l of listeners) l();
      },
      subscribe(l: () => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      getSnapshot: () => value,
    };
  }
  const streaming = (a: { status: string }, b: { status: string }) => a.status === 'running' && b.status === 'running';

  it('passes a streamed change on at a frame, at most every other one, with its latest value; others at once', () => {
    const frames = manualFrames();
    const store = counter();
    const throttled = frameThrottled(store, streaming);
    const seen: number[] = [];
    throttled.subscribe(() => seen.push(throttled.getSnapshot().n));
    store.set({ status: 'running', n: 1 });
    expect(seen).toEqual([1]);
    for (let n = 2; n <= 40; n++) store.set({ status: 'running', n });
    expect(seen).toEqual([1]);
    expect(throttled.getSnapshot().n).toBe(1);
    expect(frames.pending()).toBe(1);
    frames.paint();
    expect(seen).toEqual([1, 40]);
    // The next streamed change waits a frame more: one render per two frames at 60 Hz.
    store.set({ status: 'running', n: 40.5 });
    frames.paint();
    expect(seen).toEqual([1, 40]);
    frames.paint();
    expect(seen).toEqual([1, 40, 40.5]);
    store.set({ status: 'running', n: 41 });
    store.set({ status: 'done', n: 42 });
    // The end of the run does not wait for the frame, and the frame it would have taken is gone.
    expect(seen).toEqual([1, 40, 40.5, 42]);
    expect(frames.pending()).toBe(0);
  });

  it('leaves no frame behind when the last listener goes', () => {
    const frames = manualFrames();
    const store = counter();
    const throttled = frameThrottled(store, streaming);
    const unsubscribe = throttled.subscribe(() => undefined);
    store.set({ status: 'running', n: 1 });
    store.set({ status: 'running', n: 2 });
    unsubscribe();
    expect(frames.pending()).toBe(0);
  });
});

describe('a streamed answer in the dialog', () => {
  it('renders at a frame, not per chunk, leaving the form, the context summary and the tool list alone', async () => {
    const frames = manualFrames();
    const deltas = Array.from({ length: 120 }, (_, i) => `Word${i} ${i % 20 === 19 ? '\n\n' : ''}`);
    const { release: releaseStream } = gatedRun(
      [
        { event: 'started', runUuid: 'r1' },
        { event: 'delta', text: 'First. ' },
      ],
      deltas.map((text) => ({ event: 'delta', text })),
    );
    const calls = { context: 0, tools: 0 };
    const user = userEvent.setup();
    render(
      <AskAiDialog
        endpoints={ENDPOINTS}
        debug
        context={{ document: 'The article.', recordTable: 'tt_content', recordUid: 1 }}
        messages={{
          recordName: (table: string) => (calls.context++, `this ${table}`),
          tools: (offered: number, withheld: number) => (
            calls.tools++,
            `Tools: ${offered} offered, ${withheld} withheld`
          ),
        }}
      />,
    );
    const dialog = await openDialog(user);
    await runInstruction(user, 'Go');
    await act(async () => frames.paint());
    const answer = await within(dialog).findByRole('region', { name: 'Answer' });
    await waitFor(() => expect(answer).toHaveTextContent('First.'));
    const before = { ...calls };
    // Every delta arrives before the next frame: none of them is shown yet…
    releaseStream();
    await waitFor(() => expect(frames.pending()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answer).not.toHaveTextContent('Word119');
    // …and one frame shows them all.
    await act(async () => frames.paint(40));
    expect(answer).toHaveTextContent('Word119');
    expect(calls).toEqual(before);
    expect(before.context).toBeGreaterThan(0);
    expect(before.tools).toBeGreaterThan(0);
    // The words went out with the task: they head the answer, the box is free.
    expect(screen.getByRole('textbox', { name: 'Instruction' })).toHaveValue('');
  });

  it('shows a half-written **bold as bold while streaming, never its raw markers', async () => {
    const frames = manualFrames();
    const done = { event: 'done', success: true, finalContent: 'An **important** point.' };
    const { release: releaseStream } = gatedRun(
      [{ event: 'delta', text: 'An **impor' }],
      [
        { event: 'delta', text: 'tant** point.' },
        { ...done, iterations: 1, truncated: false, usage: [] },
      ],
      { end: true },
    );
    const user = userEvent.setup();
    render(<AskAiDialog endpoints={ENDPOINTS} />);
    const dialog = await openDialog(user);
    await runInstruction(user, 'Go');
    await waitFor(() => expect(frames.pending()).toBeGreaterThan(0));
    await act(async () => frames.paint(40));
    const answer = await within(dialog).findByRole('region', { name: 'Answer' });
    await waitFor(() => expect(answer.querySelector('strong')).toHaveTextContent('impor'));
    expect(answer).not.toHaveTextContent('**');
    releaseStream();
    await waitFor(() => expect(dialog.getAttribute('data-state')).toBe('done'));
    expect(answer.querySelector('strong')).toHaveTextContent('important');
  });
});
