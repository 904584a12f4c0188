/** A store as `useSyncExternalStore` takes it. */
export interface Store<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

const hasFrames = () => typeof requestAnimationFrame === 'function';

/**
 * How long a streamed answer's frame waits after the last one it showed (ms): every other frame at
 * 60 Hz, about 30 renders a second, which reads as smoothly as every frame at half the work.
 */
export const STREAM_FRAME_MS = 25;

/**
 * The store, its changes passed on at an animation frame, at most one per `STREAM_FRAME_MS`, while
 * `streaming(shown, next)` holds (a streamed answer: never one render per network chunk); every
 * other change at once, with any change still waiting for its frame. Without
 * `requestAnimationFrame` (a server) every change passes at once.
 */
export function frameThrottled<T>(store: Store<T>, streaming: (shown: T, next: T) => boolean): Store<T> {
  let shown = store.getSnapshot();
  let frame: number | null = null;
  let shownAt = Number.NEGATIVE_INFINITY;
  const listeners = new Set<() => void>();
  let unsubscribe: (() => void) | null = null;
  const publish = () => {
    frame = null;
    shown = store.getSnapshot();
    for (const listener of [...listeners]) listener();
  };
  const onFrame = (time: number) => {
    if (time - shownAt < STREAM_FRAME_MS) {
      frame = requestAnimationFrame(onFrame);
      return;
    }
    shownAt = time;
    publish();
  };
  const cancel = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  };
  const onChange = () => {
    if (hasFrames() && streaming(shown, store.getSnapshot())) {
      frame ??= requestAnimationFrame(onFrame);
      return;
    }
    cancel();
    publish();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      unsubscribe ??= store.subscribe(onChange);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = null;
        cancel();
      };
    },
    // While a frame is pending, what was last passed on; else the store's latest.
    getSnapshot: () => (frame === null ? (shown = store.getSnapshot()) : shown),
  };
}
