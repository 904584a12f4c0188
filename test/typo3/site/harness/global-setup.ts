import type { TestProject } from 'vitest/node';
import { startFakeModel, type FakeModel } from './fake-model';
import {
  ensureVaultKey,
  fixture,
  prepareSite,
  serveSite,
  typo3Cli,
  type SiteServer,
} from '../../../../scripts/typo3-site';

let model: FakeModel | undefined;
let server: SiteServer | undefined;

/**
 * The real TYPO3 13.4 with nr-llm for the tests: installed (or updated) from the fixture into a cache
 * folder, the project's fake model on a loopback port, the base fixture seeded, and PHP's built-in
 * server with four workers in front of it.
 */
export async function setup(project: TestProject) {
  const site = await prepareSite((line) => process.stderr.write(`${line}\n`));
  await typo3Cli(site, 'cache:flush');
  await ensureVaultKey(site);
  model = await startFakeModel();
  await fixture(site, 'reset', { modelUrl: model.url });
  server = await serveSite(site, 4);
  project.provide('typo3', { url: server.url, modelUrl: model.url, sitePath: site.path });
}

export async function teardown() {
  await server?.stop();
  await model?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    typo3: { url: string; modelUrl: string; sitePath: string };
  }
}
