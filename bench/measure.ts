/** Median time of `fn` over `rounds` runs, after a warm-up, in milliseconds. */
export function medianMs(fn: () => unknown, rounds = 25): number {
  for (let i = 0; i < 5; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}
