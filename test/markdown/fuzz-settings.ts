/**
 * How many cases a markdown property draws, and from which seed. In `npm test` the seed is fixed, so the
 * same cases run every time and a rule they pin cannot pass one run and fail the next; `npm run fuzz`
 * (FUZZ_RUNS) draws new cases on every run, and FUZZ_SEED repeats one that failed.
 */
export function fuzzSettings(runs: number): { numRuns: number; seed?: number } {
  const seed = process.env.FUZZ_SEED;
  const fuzzing = process.env.FUZZ_RUNS;
  return {
    numRuns: Number(fuzzing ?? runs),
    ...(seed ? { seed: Number(seed) } : fuzzing ? {} : { seed: 20_261_201 }),
  };
}
