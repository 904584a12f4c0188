/**
 * The real TYPO3 13.4 with nr-llm that the extension's tests run on: installed by the fixture's
 * `install.sh` into a cache folder (reused across runs), or a site of one's own. `npx tsx
 * scripts/typo3-site.ts` installs or updates it and prints its folder (the PHP unit tests load TYPO3's
 * and nr-llm's classes from it); the real-TYPO3 tests (test/typo3/site) serve it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
export const repository = resolve(here, '..');
const fixtureScript = join(repository, 'test/typo3/site/harness/fixture.php');

/** The vault secret the OpenAI-API provider of the fixture names as its key. */
/**
 * The provider key's vault secret. nr-vault lets a backend user read a secret only through its allowed
 * groups: the fixture gives "Editors with AI" that right (fixture.php), as a site must allow its editors'
 * group to use the key of the provider their runs go to.
 */
export const VAULT_KEY = 'ask_ai_test_openai_key';

export const WHERE_TO_POINT =
  'The real-TYPO3 tests install TYPO3 13.4 with nr-llm from ../shared/typo3-13.4 (its install.sh): point ' +
  'ASK_AI_TYPO3_FIXTURE at such a folder, or ASK_AI_TYPO3_SITE at a composer-installed TYPO3 13.4 site of your ' +
  'own with nr-llm and this extension (typo3/) installed, whose database the tests may reset.';

export interface Site {
  /** The site's folder (composer root: vendor/, public/, config/). */
  readonly path: string;
}

/** A database server of the tests' own: its TYPO3 setup variables, and how to end it. */
export interface DatabaseServer {
  readonly driver: 'mysqli';
  readonly host: string;
  readonly port: number;
  readonly name: string;
  readonly user: string;
  readonly password: string;
  stop(): Promise<void>;
}

/** Where Debian puts MariaDB's programs (`/usr/sbin` is not on every PATH). */
const mariadbProgram = (name: string) =>
  ['/usr/sbin', '/usr/bin'].map((dir) => join(dir, name)).find((path) => existsSync(path)) ?? name;

/**
 * A MariaDB server for one test run, as a process of the run: a fresh data folder under `folder`, a free
 * loopback port, no system service, no socket outside the folder; one database (utf8mb4) and a user with
 * its grants. `stop()` ends it and removes the folder.
 */
export async function startMariaDb(folder: string): Promise<DatabaseServer> {
  rmSync(folder, { recursive: true, force: true });
  const data = join(folder, 'data');
  mkdirSync(data, { recursive: true });
  await run(mariadbProgram('mariadb-install-db'), [
    `--datadir=${data}`,
    '--user=root',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`mariadb-install-db failed: ${error.stderr || error.message}`);
  });
  const port = await freePort();
  const socket = join(folder, 'mariadb.sock');
  const log = openSync(join(folder, 'server.log'), 'w');
  const child = spawn(
    mariadbProgram('mariadbd'),
    [
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      '--skip-log-bin',
      `--pid-file=${join(folder, 'mariadb.pid')}`,
      // A test database: little memory, no fsync per commit.
      '--innodb-buffer-pool-size=64M',
      '--innodb-flush-log-at-trx-commit=2',
      '--max-connections=300',
    ],
    { stdio: ['ignore', log, log], detached: true },
  );
  const deadline = Date.now() + 60_000;
  const sql = (statement: string) =>
    run(mariadbProgram('mariadb'), [`--socket=${socket}`, '-uroot', '-e', statement], { timeout: 10_000 });
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`mariadbd exited: ${readFileSync(join(folder, 'server.log'), 'utf8')}`);
    try {
      await sql('SELECT 1');
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('MariaDB did not start within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const server = {
    driver: 'mysqli' as const,
    host: '127.0.0.1',
    port,
    name: 'typo3',
    user: 'typo3',
    password: 'Typo3-Test-Db-1',
  };
  await sql(
    `CREATE DATABASE ${server.name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; ` +
      `CREATE USER '${server.user}'@'127.0.0.1' IDENTIFIED BY '${server.password}'; ` +
      `GRANT ALL ON ${server.name}.* TO '${server.user}'@'127.0.0.1';`,
  );
  return {
    ...server,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The site the tests run against: `ASK_AI_TYPO3_SITE` as it is, or a site installed by the fixture's
 * `install.sh` into a cache folder that later runs reuse (about a minute the first time, seconds after).
 */
export async function prepareSite(
  log: (line: string) => void = () => {},
  options: { readonly database?: DatabaseServer | undefined; readonly folder?: string | undefined } = {},
): Promise<Site> {
  const own = process.env.ASK_AI_TYPO3_SITE;
  if (own) {
    if (!existsSync(join(own, 'vendor/autoload.php')))
      throw new Error(`ASK_AI_TYPO3_SITE=${own} has no vendor/autoload.php. ${WHERE_TO_POINT}`);
    return { path: resolve(own) };
  }
  const fixture = resolve(repository, process.env.ASK_AI_TYPO3_FIXTURE ?? '../shared/typo3-13.4');
  const installer = join(fixture, 'install.sh');
  if (!existsSync(installer)) throw new Error(`No TYPO3 installer at ${installer}. ${WHERE_TO_POINT}`);
  const path = resolve(repository, options.folder ?? process.env.ASK_AI_TYPO3_CACHE ?? '.cache/typo3-13.4/site');
  const { database } = options;
  // A site on a database server of this run's own is installed afresh: its configuration names the server.
  if (database) rmSync(join(path, 'config/system/settings.php'), { force: true });
  mkdirSync(path, { recursive: true });
  const started = Date.now();
  const installed = existsSync(join(path, 'config/system/settings.php'));
  // npm test's set-up prepared this site (scripts/ensure-typo3-site.sh); the PHP tests may be reading it.
  if (installed && !database && !options.folder && process.env.ASK_AI_TYPO3_SITE_PREPARED) return { path };
  log(`TYPO3 13.4 with nr-llm: ${installed ? 'updating' : 'installing'} ${path}${database ? ' on MariaDB' : ''}…`);
  const env = database
    ? {
        ...process.env,
        TYPO3_DB_DRIVER: database.driver,
        TYPO3_DB_HOST: database.host,
        TYPO3_DB_PORT: String(database.port),
        TYPO3_DB_DBNAME: database.name,
        TYPO3_DB_USERNAME: database.user,
        TYPO3_DB_PASSWORD: database.password,
      }
    : process.env;
  await run('bash', [installer, path, join(repository, 'typo3'), 'http://127.0.0.1:8080/'], {
    maxBuffer: 16 * 1024 * 1024,
    timeout: 600_000,
    env,
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`install.sh failed: ${error.stderr || error.message}`);
  });
  // Any host and port reach the site's pages (the server runs on a free port, not the installer's 8080), and
  // the site is bilingual, as most editorial sites are: English, and German under /de/.
  const sites = join(path, 'config/sites');
  for (const name of existsSync(sites) ? readdirSync(sites) : []) {
    const file = join(sites, name, 'config.yaml');
    if (!existsSync(file)) continue;
    const yaml = readFileSync(file, 'utf8');
    let pinned = yaml.replace(/^base: .*$/m, "base: '/'");
    if (!pinned.includes('languageId: 1')) {
      pinned = pinned.replace(
        /^(languages:\n(?: {2}.*\n)+)/m,
        `$1  -\n    title: Deutsch\n    enabled: true\n    languageId: 1\n    base: /de/\n    locale: de_DE.UTF-8\n` +
          `    navigationTitle: Deutsch\n    flag: de\n    fallbackType: strict\n`,
      );
    }
    if (pinned !== yaml) writeFileSync(file, pinned);
  }
  // Many logins from the loopback (each role once a run, a newsroom's thirty editors at once): TYPO3's login
  // rate limit, which counts by address, would refuse the later ones.
  const additional = join(path, 'config/system/additional.php');
  const unlimited = "$GLOBALS['TYPO3_CONF_VARS']['BE']['loginRateLimitIpExcludeList'] = '127.0.0.1';";
  if (existsSync(additional) && !readFileSync(additional, 'utf8').includes(unlimited)) {
    appendFileSync(additional, `\n// The tests log in often from the loopback.\n${unlimited}\n`);
  }
  log(`TYPO3 ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { path };
}

/** TYPO3's own CLI of the site. */
export async function typo3Cli(site: Site, ...args: string[]): Promise<string> {
  const { stdout } = await run(join(site.path, 'vendor/bin/typo3'), args, {
    cwd: site.path,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The fixture script (`fixture.php`): reset, one SQL statement, a cache flush. */
export async function fixture<T = unknown>(
  site: Site,
  command: 'reset' | 'sql' | 'flush' | 'settings' | 'editors',
  argument: unknown = {},
): Promise<T> {
  const { stdout } = await run('php', [fixtureScript, site.path, command, JSON.stringify(argument)], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; stdout?: string; message: string }) => {
    throw new Error(`fixture.php ${command} failed: ${error.stderr || error.stdout || error.message}`);
  });
  return JSON.parse(stdout) as T;
}

/** The vault secret behind the OpenAI-API provider (nr-llm's vision service reads its key there). */
export async function ensureVaultKey(site: Site): Promise<void> {
  const list = await typo3Cli(site, 'vault:list');
  if (!list.includes(VAULT_KEY)) await typo3Cli(site, 'vault:store', VAULT_KEY, '--value=sk-test-not-a-secret');
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export interface SiteServer {
  readonly url: string;
  stop(): Promise<void>;
  /** Ends it as a crash would (SIGKILL to the server and its workers): nothing they were doing finishes. */
  kill(): Promise<void>;
}

/** What PHP's server prints (its access log and any PHP error that reached stderr), for the tests to read. */
export const serverLog = (site: Site) => join(site.path, 'var/log/php-server.log');

/**
 * PHP's built-in server on a free loopback port with `workers` processes, as a small FPM pool would
 * serve the site: one request per worker at a time.
 */
export async function serveSite(site: Site, workers: number, name = 'php-server'): Promise<SiteServer> {
  const port = await freePort();
  mkdirSync(join(site.path, 'var/log'), { recursive: true });
  const logFile = join(site.path, `var/log/${name}.log`);
  const log = openSync(logFile, 'w');
  // PHP's server caches compiled files (OPcache, on in its SAPI) and looks at a file's time at most every
  // two seconds, to the second: the tests change the site's settings between requests, so its settings
  // files are read afresh each time (everything else stays cached, as on a production node).
  const fresh = join(site.path, 'var/opcache-fresh.txt');
  writeFileSync(fresh, ['settings.php', 'additional.php'].map((f) => join(site.path, 'config/system', f)).join('\n'));
  const child: ChildProcess = spawn(
    'php',
    ['-d', `opcache.blacklist_filename=${fresh}`, '-S', `127.0.0.1:${port}`, '-t', join(site.path, 'public')],
    {
      cwd: site.path,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: String(workers) },
      stdio: ['ignore', log, log],
      detached: true,
    },
  );
  const output = () => readFileSync(logFile, 'utf8').slice(-4000);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`php -S exited (${child.exitCode}): ${output()}`);
    try {
      const response = await fetch(`${url}/typo3/`, { redirect: 'manual' });
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`php -S did not answer within 30 s: ${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = async (signal: 'SIGTERM' | 'SIGKILL') => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    // Its own process group: the master and its workers go together.
    process.kill(-child.pid, signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  };
  return { url, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  prepareSite((line) => process.stderr.write(`${line}\n`))
    .then((site) => process.stdout.write(`${site.path}\n`))
    .catch((error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    });
}
