/**
 * Median times (ms) of several functions measured in interleaved rounds: each round runs every
 * function once, in turn, so a noisy neighbour on a shared machine slows all of them alike and the
 * ratios between them hold.
 */
export function interleavedMedians(
  fns: ReadonlyArray<() => unknown>,
  rounds = 25,
  warmUp = 5,
  options: { readonly collectBetween?: boolean } = {},
): number[] {
  for (let i = 0; i < warmUp; i++) for (const fn of fns) fn();
  const times: number[][] = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    fns.forEach((fn, index) => {
      // With `collectBetween`, the garbage of the call before is collected first, not charged to this
      // one (the bench runs Node with --expose-gc): for builds whose size makes a collection likely.
      if (options.collectBetween) (globalThis as { gc?: () => void }).gc?.();
      const start = performance.now();
      fn();
      times[index]!.push(performance.now() - start);
    });
  }
  return times.map((list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  });
}

/**
 * `interleavedMedians` in `blocks` blocks spread over a few seconds, and for each function the lowest
 * of its block medians. For memory-bound work (a 100k-entry map): a neighbour on the shared host that
 * takes the memory bandwidth for a few seconds slows it and not the cache-sized work it is compared
 * with, so interleaving alone does not cancel it. A disturbance only ever adds time: the lowest block
 * median is the closest to the work itself, taken for every function alike.
 */
export async function settledMedians(
  fns: ReadonlyArray<() => unknown>,
  options: {
    readonly blocks?: number;
    readonly rounds?: number;
    readonly pauseMs?: number;
    readonly collectBetween?: boolean;
  } = {},
): Promise<number[]> {
  const { blocks = 6, rounds = 15, pauseMs = 500, collectBetween = false } = options;
  let best = fns.map(() => Number.POSITIVE_INFINITY);
  for (let block = 0; block < blocks; block++) {
    if (block > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const medians = interleavedMedians(fns, rounds, 3, { collectBetween });
    best = best.map((value, index) => Math.min(value, medians[index]!));
  }
  return best;
}

/** The median time of one function (ms), after a warm-up. */
export function medianMs(fn: () => unknown, rounds = 25): number {
  return interleavedMedians([fn], rounds)[0]!;
}
