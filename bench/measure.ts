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

/** The median time of one function (ms), after a warm-up. */
export function medianMs(fn: () => unknown, rounds = 25): number {
  return interleavedMedians([fn], rounds)[0]!;
}
