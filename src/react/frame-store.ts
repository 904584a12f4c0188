/** A store as `useSyncExternalStore` takes it. */
export interface Store<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

const hasFrames = () => typeof requestAnimationFrame === 'function';

/**
 * The store, its changes passed on at most once per animation frame while `streaming(shown, next)`
 * holds (a streamed answer: one render a frame, not one per network chunk); every other change at
 * once, with any change still waiting for its frame. Without `requestAnimationFrame` (a server) every
 * change passes at once.
 */
export function frameThrottled<T>(store: Store<T>, streaming: (shown: T, next: T) => boolean): Store<T> {
  let shown = store.getSnapshot();
  let frame: number | null = null;
  const listeners = new Set<() => void>();
  let unsubscribe: (() => void) | null = null;
  const publish = () => {
    frame = null;
    shown = store.getSnapshot();
    for (const listener of [...listeners]) listener();
  };
  const cancel = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  };
  const onChange = () => {
    if (hasFrames() && streaming(shown, store.getSnapshot())) {
      frame ??= requestAnimationFrame(publish);
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
