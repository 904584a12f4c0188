import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { beforeTimeout, createIdleWatch, TIMED_OUT } from '../../src/client/idle-timeout';
import { manualTimers } from '../support/manual-timers';

describe('createIdleWatch', () => {
  it('times a stream out on one timer, at the deadline of its latest read', async () => {
    const timers = manualTimers();
    let set = 0;
    const counted = { ...timers, setTimeout: (cb: () => void, ms: number) => (set++, timers.setTimeout(cb, ms)) };
    const watch = createIdleWatch(counted, timers.now);
    // A thousand reads, one a millisecond, each moving the deadline on: still one timer.
    for (let i = 0; i < 1000; i++) {
      await expect(watch.race(Promise.resolve(i), 5000)).resolves.toBe(i);
      timers.advance(1);
    }
    expect(set).toBe(1);
    const silent = watch.race(new Promise<never>(() => undefined), 5000);
    let result: unknown = 'waiting';
    void silent.then((value) => (result = value));
    timers.advance(4999);
    await Promise.resolve();
    expect(result).toBe('waiting');
    timers.advance(1);
    await expect(silent).resolves.toBe(TIMED_OUT);
    watch.stop();
    expect(timers.pending()).toBe(0);
  });

  it('stays timed out once expired, even with no read waiting when the deadline passed', async () => {
    const timers = manualTimers();
    const watch = createIdleWatch(timers, timers.now);
    await expect(watch.race(Promise.resolve('x'), 1000)).resolves.toBe('x');
    // The deadline passes between reads: nothing to wake, and nothing thrown from the timer.
    expect(() => timers.advance(1000)).not.toThrow();
    await expect(watch.race(Promise.resolve('late'), 1000)).resolves.toBe(TIMED_OUT);
  });

  it('wakes the read under way at the deadline, though an earlier read settled after it began', async () => {
    const timers = manualTimers();
    const watch = createIdleWatch(timers, timers.now);
    let settleEarlier = (_: string) => undefined as void;
    const earlier = watch.race(new Promise<string>((resolve) => (settleEarlier = resolve)), 1000);
    const current = watch.race(new Promise<never>(() => undefined), 1000);
    settleEarlier('chunk');
    await expect(earlier).resolves.toBe('chunk');
    timers.advance(1000);
    await expect(current).resolves.toBe(TIMED_OUT);
  });

  it('leaves no timer behind once stopped', async () => {
    const timers = manualTimers();
    const watch = createIdleWatch(timers, timers.now);
    await watch.race(Promise.resolve('x'), 1000);
    expect(timers.pending()).toBe(1);
    watch.stop();
    expect(timers.pending()).toBe(0);
  });

  it('keeps no read it has answered: a long stream does not hold every chunk until it ends', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const timers = manualTimers();
    const watch = createIdleWatch(timers, timers.now);
    const read = async () => {
      const chunk = { value: new Uint8Array(1024) };
      await watch.race(Promise.resolve(chunk), 5000);
      return new WeakRef(chunk);
    };
    const answered = [await read(), await read(), await read()];
    // The watch goes on (the stream is still open) while the reads it answered are let go.
    const pending = watch.race(new Promise<never>(() => undefined), 5000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
    expect(answered.map((ref) => ref.deref())).toEqual([undefined, undefined, undefined]);
    timers.advance(5000);
    await expect(pending).resolves.toBe(TIMED_OUT);
    watch.stop();
  });
});

describe('beforeTimeout', () => {
  const stalled = () => new Promise<never>(() => undefined);

  it('gives the value in time, and TIMED_OUT after', async () => {
    const timers = manualTimers();
    await expect(beforeTimeout(Promise.resolve('x'), 1000, timers)).resolves.toBe('x');
    expect(timers.pending()).toBe(0);
    const late = beforeTimeout(stalled(), 1000, timers);
    timers.advance(1000);
    await expect(late).resolves.toBe(TIMED_OUT);
  });

  it('given up before it began: rejects with the reason and sets no timer', async () => {
    const timers = manualTimers();
    const reason = new Error('gone');
    await expect(beforeTimeout(stalled(), 1000, timers, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(timers.pending()).toBe(0);
  });

  /** A signal, and the abort listeners added to it and not removed. */
  function countedSignal() {
    const controller = new AbortController();
    const { signal } = controller;
    const added = vi.spyOn(signal, 'addEventListener');
    const removed = vi.spyOn(signal, 'removeEventListener');
    const listening = {
      get size() {
        const gone = new Set(removed.mock.calls.filter((call) => call[0] === 'abort').map((call) => call[1]));
        return added.mock.calls.filter((call) => call[0] === 'abort' && !gone.has(call[1])).length;
      },
    };
    return { controller, signal, listening };
  }

  it('given up while it waits: rejects with the reason, clears its timer and stops listening', async () => {
    const timers = manualTimers();
    const { controller, signal, listening } = countedSignal();
    const waiting = beforeTimeout(stalled(), 1000, timers, signal);
    expect(timers.pending()).toBe(1);
    expect(listening.size).toBe(1);
    const reason = new Error('gone');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(timers.pending()).toBe(0);
    expect(listening.size).toBe(0);
  });

  it('settled in time, it stops listening to its signal', async () => {
    const timers = manualTimers();
    const { signal, listening } = countedSignal();
    await expect(beforeTimeout(Promise.resolve('x'), 1000, timers, signal)).resolves.toBe('x');
    expect(listening.size).toBe(0);
  });
});
