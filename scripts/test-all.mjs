// `npm test`: every check, in stages; the steps of a stage run side by side where they wait more than
// they compute (the browser suites wait on pages and servers). Prints each step's duration, and a table
// at the end. The first step of a stage speaks on the terminal; the others write to .cache/test-logs/ and
// are printed when they end, so no two outputs interleave. Stops at the first stage with a failure.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

// What the suites need from the system (Debian's PHP, MariaDB, Chromium: apt-get where missing) comes
// first and alone: two installs at once would meet on apt's lock.
const SETUP = 'bash scripts/ensure-php.sh && bash scripts/ensure-mariadb.sh && bash scripts/ensure-chromium.sh';
const STAGES = [
  ['set-up'],
  ['typecheck', 'lint', 'format:check', 'test:php'],
  ['test:unit'],
  ['build'],
  ['test:package'],
  ['test:browser', 'test:typo3'],
];

const LOGS = '.cache/test-logs';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one npm script; `log` (a file) takes its output, else the terminal. */
function run(script, log) {
  const started = performance.now();
  return new Promise((resolve) => {
    const stdio = log ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child =
      script === 'set-up'
        ? spawn('bash', ['-c', SETUP], { stdio })
        : spawn(npm, ['run', '--silent', script], { stdio });
    if (log) {
      const file = createWriteStream(log);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    child.on('close', (code, signal) => {
      const took = performance.now() - started;
      if (log) process.stdout.write(readFileSync(log, 'utf8'));
      console.log(`\n${code === 0 ? '✓' : '✗'} ${script}: ${seconds(took)}${signal ? ` (${signal})` : ''}\n`);
      resolve({ script, code: code ?? 1, took });
    });
  });
}

mkdirSync(LOGS, { recursive: true });
const began = performance.now();
const results = [];
for (const stage of STAGES) {
  const ended = await Promise.all(
    stage.map((script, i) => run(script, i === 0 ? undefined : `${LOGS}/${script.replace(':', '-')}.log`)),
  );
  results.push(...ended);
  if (ended.some((r) => r.code !== 0)) break;
}
const total = performance.now() - began;

console.log('step            duration');
for (const { script, code, took } of results) {
  console.log(`${code === 0 ? '✓' : '✗'} ${script.padEnd(14)} ${seconds(took).padStart(8)}`);
}
console.log(
  `  ${'npm test'.padEnd(14)} ${seconds(total).padStart(8)} (side by side: ${STAGES.filter((s) => s.length > 1)
    .map((s) => s.join(' ‖ '))
    .join('; ')})`,
);
process.exit(results.every((r) => r.code === 0) && results.length === STAGES.flat().length ? 0 : 1);
