import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createIdleWatch, TIMED_OUT } from '../../src/client/idle-timeout';
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
