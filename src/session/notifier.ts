/**
 * Listeners of a store, told once per burst of changes: a network chunk that carries a hundred
 * events changes the state a hundred times and notifies once, after the burst (a microtask later;
 * TanStack Query's `notifyManager` batches its observers the same way, with `setTimeout(0)` in v5).
 * `version()` moves on every change, so a reader can tell a stale snapshot without waiting for the
 * notification.
 */
export interface Notifier {
  subscribe(listener: () => void): () => void;
  changed(): void;
  version(): number;
  size(): number;
}

export function createNotifier(schedule: (flush: () => void) => void = queueMicrotask): Notifier {
  const listeners = new Set<() => void>();
  let version = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      // One entry per subscription, even when the same function subscribes twice.
      const entry = () => listener();
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    changed() {
      version++;
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
    version: () => version,
    size: () => listeners.size,
  };
}
