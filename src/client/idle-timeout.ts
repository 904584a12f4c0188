export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const GLOBAL_TIMERS: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const TIMED_OUT: unique symbol = Symbol('timedOut');

/** Resolves with the promise's value, or `TIMED_OUT` when it takes longer than `ms`. */
export function beforeTimeout<T>(promise: Promise<T>, ms: number, timers: Timers): Promise<T | typeof TIMED_OUT> {
  let timer: unknown;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = timers.setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => timers.clearTimeout(timer));
}
