import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeModel, type FakeModel } from './fake-model';
import {
  ensureVaultKey,
  fixture,
  prepareSite,
  repository,
  serveSite,
  startMariaDb,
  typo3Cli,
  type DatabaseServer,
  type SiteServer,
} from '../../../../scripts/typo3-site';
import { formLogin } from './login';

let model: FakeModel | undefined;
let nodes: SiteServer[] = [];
let database: DatabaseServer | undefined;

/** The editors and the administrator the tests act as: each logged in once, its session reused. */
const ROLES = ['admin', 'editor', 'plain', 'redakteur'] as const;

/**
 * The real TYPO3 13.4 with nr-llm, in production's shape: on MariaDB (a server of this run's own, started
 * here and ended with the run) behind two web nodes — two PHP servers on the same site and database, as two
 * PHP-FPM nodes behind a load balancer; the project's fake model on a loopback port; the base fixture; each
 * role logged in once. `ASK_AI_TYPO3_DB=sqlite` runs the suite on the SQLite site instead; a site of one's
 * own (`ASK_AI_TYPO3_SITE`) runs on its own database. The SQLite site (the PHP unit tests' too) is there
 * for the short SQLite run (sqlite-round.test.ts).
 */
export async function setup(project: TestProject) {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const started = Date.now();
  const own = Boolean(process.env.ASK_AI_TYPO3_SITE);
  const onMariaDb = !own && (process.env.ASK_AI_TYPO3_DB ?? 'mariadb') === 'mariadb';
  const sqliteSite = own ? null : await prepareSite(log);
  if (onMariaDb) database = await startMariaDb(join(repository, '.cache/typo3-13.4/mariadb'));
  const site = onMariaDb
    ? await prepareSite(log, { database, folder: '.cache/typo3-13.4/site-mariadb' })
    : (sqliteSite ?? (await prepareSite(log)));
  await typo3Cli(site, 'cache:flush');
  await ensureVaultKey(site);
  model = await startFakeModel();
  await fixture(site, 'reset', { modelUrl: model.url });
  nodes = [await serveSite(site, 4, 'php-server'), await serveSite(site, 4, 'php-server-b')];
  const [a, b] = nodes as [SiteServer, SiteServer];
  const sessions: Record<string, string> = {};
  for (const role of ROLES) sessions[role] = await formLogin(a.url, role);
  log(
    `Real TYPO3 on ${onMariaDb ? `MariaDB (port ${database!.port})` : own ? 'its own database' : 'SQLite'}, ` +
      `nodes ${a.url} and ${b.url}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('typo3', {
    url: a.url,
    urlB: b.url,
    modelUrl: model.url,
    sitePath: site.path,
    database: onMariaDb ? 'mariadb' : own ? 'own' : 'sqlite',
    sqliteSitePath: onMariaDb && sqliteSite ? sqliteSite.path : null,
    sessions,
  });
}

export async function teardown() {
  for (const node of nodes) await node.stop();
  await model?.close();
  await database?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    typo3: {
      /** Node A: where the browser's pages come from. */
      url: string;
      /** Node B: the same site and database, another PHP server. */
      urlB: string;
      modelUrl: string;
      sitePath: string;
      database: 'mariadb' | 'sqlite' | 'own';
      /** The SQLite site, where the suite itself runs on MariaDB (for the short SQLite run). */
      sqliteSitePath: string | null;
      /** Each role's backend session (`be_typo_user`), logged in once. */
      sessions: Record<string, string>;
    };
  }
}
