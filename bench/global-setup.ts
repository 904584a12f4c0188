import { clearResults, formatTable, readResults } from './results';

/** Clears the figures before the run; prints them as one table after it. */
export function setup() {
  clearResults();
}

export function teardown() {
  const rows = readResults();
  const failed = rows.filter((row) => !row.pass).length;
  process.stdout.write(
    `\nBenchmarks (${new Date().toISOString().slice(0, 10)}, Node ${process.version}):\n${formatTable(rows)}\n` +
      `${rows.length - failed} of ${rows.length} within budget.\n`,
  );
}
