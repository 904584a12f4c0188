import type { Timers } from '../../src/client';

/** Timers the test advances by hand: no real waiting, no global patching. */
export function manualTimers(): Timers & { advance(ms: number): void; pending(): number; now(): number } {
  let now = 0;
  let nextId = 1;
  const scheduled = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const id = nextId++;
      scheduled.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      scheduled.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, entry] of [...scheduled]) {
        if (entry.at <= now) {
          scheduled.delete(id);
          entry.callback();
        }
      }
    },
    pending: () => scheduled.size,
    /** The time the timers have been advanced to (ms). */
    now: () => now,
  };
}
