export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const GLOBAL_TIMERS: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How long the tool list may take by default: then the dialog says so, and a task runs without tools. */
export const DEFAULT_TOOLS_TIMEOUT_MS = 20_000;

export const TIMED_OUT: unique symbol = Symbol('timedOut');

/**
 * Resolves with the promise's value, or `TIMED_OUT` when it takes longer than `ms`. Given up through
 * `signal` (already, or while it waits), it rejects with the signal's reason and its timer is cleared.
 */
export function beforeTimeout<T>(
  promise: Promise<T>,
  ms: number,
  timers: Timers,
  signal?: AbortSignal,
): Promise<T | typeof TIMED_OUT> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  let timer: unknown;
  let givenUp: () => void = () => undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve, reject) => {
    timer = timers.setTimeout(() => resolve(TIMED_OUT), ms);
    givenUp = () => reject(signal?.reason as Error);
    signal?.addEventListener('abort', givenUp);
  });
  return Promise.race([promise, timeout]).finally(() => {
    timers.clearTimeout(timer);
    signal?.removeEventListener('abort', givenUp);
  });
}

/**
 * The idle timeout of a whole stream on one timer: moving the deadline on (an event came) does not
 * replace the timer; when it fires early it waits the rest. Thousands of reads cost no timer each.
 * Only the read under way is held (to wake it at the deadline), never the ones it answered: a shared
 * promise raced by every read would keep each chunk until the stream ends. `stop()` clears the timer
 * once the stream has ended.
 */
export function createIdleWatch(timers: Timers, now: () => number) {
  let deadline = Number.POSITIVE_INFINITY;
  let handle: unknown = null;
  let expired = false;
  let wake: (() => void) | null = null;
  const arm = () => {
    handle = timers.setTimeout(check, Math.max(0, deadline - now()));
  };
  const check = () => {
    handle = null;
    if (now() < deadline) return arm();
    expired = true;
    wake?.();
  };
  return {
    /** The read, or `TIMED_OUT` once `ms` pass from now without the deadline moving on. */
    race<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
      if (expired) return Promise.resolve(TIMED_OUT);
      deadline = now() + ms;
      if (handle === null) arm();
      return new Promise<T | typeof TIMED_OUT>((resolve, reject) => {
        const woken = () => resolve(TIMED_OUT);
        wake = woken;
        const settled = () => {
          if (wake === woken) wake = null;
        };
        promise.then(
          (value) => (settled(), resolve(value)),
          (error: unknown) => (settled(), reject(error)),
        );
      });
    },
    stop() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}
