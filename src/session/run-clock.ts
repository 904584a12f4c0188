import type { Timers } from '../client/run-controller';

/**
 * The one timer a session keeps: it wakes the snapshot when "quiet" or a retry countdown is due. `schedule`
 * sets the next wake (or none); a wake due sooner serves as it is, since waking computes the snapshot
 * again, which sets the next one — a stream moves "quiet" on with every event, and no timer is replaced
 * per event.
 */
export function createRunClock(timers: Timers, now: () => number, wake: () => void) {
  let next: { readonly at: number; readonly handle: unknown } | null = null;
  return {
    schedule(at: number | null) {
      if (next?.at === at) return;
      if (next && at !== null && next.at <= at) return;
      if (next) timers.clearTimeout(next.handle);
      next =
        at === null
          ? null
          : {
              at,
              handle: timers.setTimeout(
                () => {
                  next = null;
                  wake();
                },
                Math.max(0, at - now()),
              ),
            };
    },
  };
}
