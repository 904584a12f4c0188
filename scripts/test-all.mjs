// `npm test`: every check, in stages; the steps of a stage run side by side, and the real-TYPO3 suite
// runs beside the stages from the first on (see BESIDE). Prints each step's duration and CPU time, and a
// table at the end. The first step of a stage speaks on the terminal; the others write to
// .cache/test-logs/ and are printed when they end, so no two outputs interleave. A failed stage stops the
// stages after it; the suite beside them is still awaited.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

// What the suites need from the system (Debian's PHP, MariaDB, Chromium: apt-get where missing) and the
// TYPO3 site the PHP tests read comes first and alone: two installs at once would meet on apt's lock or
// in the site's folder. The steps after it are told the site is there.
const SETUP =
  'bash scripts/ensure-php.sh && bash scripts/ensure-mariadb.sh && bash scripts/ensure-chromium.sh && ' +
  'bash scripts/ensure-typo3-site.sh';
const STAGES = [
  ['typecheck', 'lint', 'format:check', 'test:php', 'build'],
  ['test:unit', 'test:package'],
  ['test:browser'],
];
// The real-TYPO3 suite runs beside all the stages, from the first on: it waits on PHP servers, a database
// and a model far more than it computes (alone: 287 s wall for 163 s of CPU), and it needs no build (the
// extension's JavaScript is committed). Not the package's consumer projects in the same stage as the
// browser suite (their npm ci and tsc runs took 327 s instead of 35 s when they shared the machine with
// both browser suites).
const BESIDE = 'test:typo3';
const BESIDE_FROM = 0;

// Every step runs at the usual priority. With the build and the package checks at `nice -n 19`, `npm test`
// took about as long at rest (574 s; 565 s before), and beside four CPU-bound loops the build starved: 633 s,
// `npm test` 1,493 s (771 s before). The real-TYPO3 tests hold what they read instead (ARCHITECTURE.md).

const LOGS = '.cache/test-logs';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const env = { ...process.env };

/** Runs one npm script (or the set-up); `log` (a file) takes its output, else the terminal. */
function run(script, log) {
  const started = performance.now();
  return new Promise((resolve) => {
    const stdio = log ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    // bash's `times` after the step: the CPU time its processes took (user and system), beside the wall time.
    const cpuFile = `${LOGS}/${script.replace(':', '-')}.cpu`;
    const npmRun = `${npm} run --silent ${script}`;
    const command = script === 'set-up' ? SETUP : npmRun;
    const child = spawn('bash', ['-c', `${command}; s=$?; times > ${cpuFile}; exit $s`], { stdio, env });
    if (log) {
      const file = createWriteStream(log);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    child.on('close', (code, signal) => {
      const took = performance.now() - started;
      const cpu = cpuOf(cpuFile);
      if (log) process.stdout.write(readFileSync(log, 'utf8'));
      const spent = `${seconds(took)}${cpu === null ? '' : `, CPU ${seconds(cpu)}`}${signal ? ` (${signal})` : ''}`;
      console.log(`\n${code === 0 ? '✓' : '✗'} ${script}: ${spent}\n`);
      resolve({ script, code: code ?? 1, took, cpu });
    });
  });
}

/** The children's user and system time from bash's `times` (its second line: `0m1.5s 0m0.2s`), in ms. */
function cpuOf(file) {
  try {
    const line = readFileSync(file, 'utf8').split('\n')[1] ?? '';
    const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, sec]) => Number(m) * 60 + Number(sec));
    return parts.length === 2 ? (parts[0] + parts[1]) * 1000 : null;
  } catch {
    return null;
  }
}

const logOf = (script) => `${LOGS}/${script.replace(':', '-')}.log`;
mkdirSync(LOGS, { recursive: true });
const began = performance.now();
const results = [await run('set-up')];
if (results[0].code === 0) {
  env.ASK_AI_TYPO3_SITE_PREPARED = '1';
  let beside = null;
  for (const [index, stage] of STAGES.entries()) {
    if (index === BESIDE_FROM) beside = run(BESIDE, logOf(BESIDE));
    const ended = await Promise.all(stage.map((script, i) => run(script, i === 0 ? undefined : logOf(script))));
    results.push(...ended);
    if (ended.some((r) => r.code !== 0)) break;
  }
  if (beside) results.push(await beside);
}
const total = performance.now() - began;

console.log('step            duration       CPU');
for (const { script, code, took, cpu } of results) {
  const spent = cpu === null ? '' : seconds(cpu).padStart(10);
  console.log(`${code === 0 ? '✓' : '✗'} ${script.padEnd(14)} ${seconds(took).padStart(8)}${spent}`);
}
const together = [
  ...STAGES.filter((s) => s.length > 1).map((s) => s.join(' ‖ ')),
  `${BESIDE} beside ${STAGES.slice(BESIDE_FROM).flat().join(', ')}`,
];
console.log(`  ${'npm test'.padEnd(14)} ${seconds(total).padStart(8)} (side by side: ${together.join('; ')})`);
const expected = 2 + STAGES.flat().length;
process.exit(results.length === expected && results.every((r) => r.code === 0) ? 0 : 1);
