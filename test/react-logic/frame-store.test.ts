import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameThrottled, STREAM_FRAME_MS, type Store } from '../../src/react/frame-store';

/** A store the test changes by hand; `streaming` values pass at frames, others at once. */
function source() {
  let value = { text: '', streaming: false };
  const listeners = new Set<() => void>();
  const store: Store<typeof value> & { set(next: typeof value): void; listeners: Set<() => void> } = {
    listeners,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => value,
    set(next) {
      value = next;
      for (const listener of [...listeners]) listener();
    },
  };
  return store;
}

/** Animation frames the test runs by hand, at the times it gives. */
let frames: Array<{ id: number; run: (time: number) => void }> = [];
let nextId = 0;
const runFrame = (time: number) => {
  const due = frames;
  frames = [];
  for (const frame of due) frame.run(time);
};
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (run: (time: number) => void) => {
    frames.push({ id: ++nextId, run });
    return nextId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames = frames.filter((frame) => frame.id !== id);
  });
});
afterEach(() => vi.unstubAllGlobals());

const bothStreaming = (a: { streaming: boolean }, b: { streaming: boolean }) => a.streaming && b.streaming;

/** A store in the middle of a streamed answer, throttled, and a listener of the throttled store. */
function streaming() {
  const store = source();
  store.set({ text: '', streaming: true });
  const throttled = frameThrottled(store, bothStreaming);
  const heard = vi.fn();
  throttled.subscribe(heard);
  return { store, throttled, heard };
}

describe('frameThrottled', () => {
  it('passes a streamed change on at a frame, at most one per STREAM_FRAME_MS, the latest value', () => {
    const { store, throttled, heard } = streaming();
    store.set({ text: 'a', streaming: true });
    store.set({ text: 'ab', streaming: true });
    expect(heard).not.toHaveBeenCalled();
    expect(throttled.getSnapshot().text).toBe('');
    expect(frames).toHaveLength(1);
    runFrame(1000);
    expect(heard).toHaveBeenCalledOnce();
    expect(throttled.getSnapshot().text).toBe('ab');
    store.set({ text: 'abc', streaming: true });
    // Too soon after the last one shown: it waits for a later frame.
    runFrame(1000 + STREAM_FRAME_MS - 1);
    expect(heard).toHaveBeenCalledOnce();
    expect(frames).toHaveLength(1);
    runFrame(1000 + STREAM_FRAME_MS);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(throttled.getSnapshot().text).toBe('abc');
  });

  it('passes any other change on at once, with the streamed one still waiting', () => {
    const { store, throttled, heard } = streaming();
    store.set({ text: 'a', streaming: true });
    store.set({ text: 'a done', streaming: false });
    expect(heard).toHaveBeenCalledOnce();
    expect(throttled.getSnapshot().text).toBe('a done');
    expect(frames).toHaveLength(0);
  });

  it('passes every change at once where there are no frames (a server)', () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('requestAnimationFrame', undefined);
    const { store, throttled, heard } = streaming();
    store.set({ text: 'a', streaming: true });
    expect(heard).toHaveBeenCalledOnce();
    expect(throttled.getSnapshot().text).toBe('a');
  });

  it('listens to the store while anyone listens to it, once, and drops a waiting frame after', () => {
    const store = source();
    store.set({ text: '', streaming: true });
    const throttled = frameThrottled(store, bothStreaming);
    const one = throttled.subscribe(() => undefined);
    const two = throttled.subscribe(() => undefined);
    expect(store.listeners.size).toBe(1);
    store.set({ text: 'a', streaming: true });
    one();
    expect(store.listeners.size).toBe(1);
    two();
    expect(store.listeners.size).toBe(0);
    expect(frames).toHaveLength(0);
    // Unobserved, it reads the store as it is.
    expect(throttled.getSnapshot().text).toBe('a');
  });
});
