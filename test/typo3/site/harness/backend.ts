import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type FrameLocator,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, onTestFailed } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../scripts/chromium';
import type { ModelRequest, ScriptedReply } from './fake-model';
import { PASSWORDS, SESSION_COOKIE } from './login';
import { plainRequest, type PlainAnswer } from './plain-request';
import { fixture, serverLog, serveSite, type Site, type SiteServer } from '../../../../scripts/typo3-site';

export { PASSWORDS } from './login';

/** The SQLite site, served for a file of its own (`useTypo3({ on: 'sqlite' })`); null: the suite's site. */
let other: { readonly url: string; readonly sitePath: string } | null = null;

/** Where the real TYPO3 and the fake model listen (from the global setup, or the SQLite site's server). */
export const typo3 = () => {
  const provided = inject('typo3');
  return other ? { ...provided, ...other, urlB: other.url, sessions: {} as Record<string, string> } : provided;
};
/** The two web nodes: the browser's pages come from A. */
export const nodes = () => ({ a: typo3().url, b: typo3().urlB });
export const site = (): Site => ({ path: typo3().sitePath });

export interface Seeded {
  readonly configuration: string;
  readonly configurationUid: number;
  readonly visionConfiguration: string;
  readonly users: Record<'editor' | 'plain' | 'redakteur', number>;
  readonly groups: Record<'ai' | 'plain', number>;
  readonly file: number;
  readonly fileReference: number;
}

/** The base fixture again (`fixture.php reset`) and a model with nothing scripted. */
export async function resetSite(): Promise<Seeded> {
  await model.reset();
  return fixture<Seeded>(site(), 'reset', { modelUrl: typo3().modelUrl });
}

/** The extension's settings for the next requests: the base (vision on its configuration) with these on top. */
export function settings(changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  return fixture(site(), 'settings', changes);
}

/** One SQL statement on the site's database; the rows of a SELECT. */
export function sql<T = Record<string, unknown>>(statement: string, params: unknown[] = []): Promise<T[]> {
  return fixture<T[]>(site(), 'sql', { sql: statement, params });
}

/** The fake model: what it says next, and what it was sent. */
export const model = {
  async script(...replies: ScriptedReply[]): Promise<void> {
    const response = await fetch(`${typo3().modelUrl}/__fake/replies`, {
      method: 'POST',
      body: JSON.stringify(replies),
    });
    if (!response.ok) throw new Error(`fake model: ${await response.text()}`);
  },
  async log(): Promise<ModelRequest[]> {
    return (await (await fetch(`${typo3().modelUrl}/__fake/log`)).json()) as ModelRequest[];
  },
  async reset(): Promise<void> {
    await fetch(`${typo3().modelUrl}/__fake`, { method: 'DELETE' });
  },
};

/** The messages of a request as the model read them: every `content` text, joined. */
export const sentText = (request: ModelRequest): string =>
  JSON.stringify((request.body.messages as unknown[] | undefined) ?? []);

let browser: Browser;
let context: BrowserContext;
export let page: Page;
/** What went wrong in the page: console errors, uncaught errors, CSP violations (any frame). */
export let problems: string[] = [];

/**
 * One Debian Chromium and one browser context per file; per test a fresh page in it with no cookies and no
 * storage (cleared for both nodes' origins), the base fixture seeded again and the fake model reset. The
 * context's HTTP cache stays for the file: the backend's few hundred modules load once, not in every test
 * (a new context per test spent most of the suite's CPU in Chromium, loading them again).
 */
export function useTypo3(
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** `sqlite`: the site on SQLite, served for this file alone (where the suite itself runs on MariaDB). */
    on?: 'sqlite';
  } = {},
) {
  let seeded: Seeded;
  let server: SiteServer | null = null;
  beforeAll(async () => {
    const sqlite = inject('typo3').sqliteSitePath;
    if (options.on === 'sqlite' && sqlite) {
      server = await serveSite({ path: sqlite }, 2, 'php-server-sqlite');
      other = { url: server.url, sitePath: sqlite };
      sessions.clear();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
    context = await browser.newContext({
      baseURL: typo3().url,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      colorScheme: options.colorScheme ?? 'light',
    });
    // CSP violations in every frame, reported to the page's console as a marked line.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
  });
  beforeEach(async () => {
    seeded = await resetSite();
    problems = [];
    page = await context.newPage();
    await context.clearCookies();
    const cdp = await context.newCDPSession(page);
    for (const origin of new Set([typo3().url, typo3().urlB].map((url) => new URL(url).origin))) {
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'local_storage,indexeddb,service_workers,cache_storage,file_systems',
      });
    }
    await cdp.detach();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    const requests: string[] = [];
    const since = Date.now();
    const when = () => `${((Date.now() - since) / 1000).toFixed(1)} s`;
    page.on('requestfailed', (request) =>
      requests.push(`${when()} failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400)
        requests.push(`${when()} ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    const mark = markLogs();
    onTestFailed(async () => {
      process.stderr.write(await whatHappened(mark, since, [...problems, ...requests]));
    });
  });
  afterEach(async () => {
    for (const open of context?.pages() ?? []) await open.close();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (server) {
      await server.stop();
      other = null;
      sessions.clear();
    }
  });
  return { seeded: () => seeded };
}

/** Each role's session this file uses: logged in once for the run (global setup), again only if it ended. */
const sessions = new Map<string, string>();

/**
 * `user`'s backend session in `target`'s browser context, on the backend's main page: the session the run
 * logged in once (each role's login is the same as any other), or — where a test ended it — a new login
 * through the form, which then serves the rest of the file.
 */
export async function login(user: keyof typeof PASSWORDS | string, target: Page = page): Promise<void> {
  const session = sessions.get(user) ?? typo3().sessions[user];
  if (session) {
    await target.context().addCookies([{ name: SESSION_COOKIE, value: session, url: typo3().url }]);
    await target.goto('/typo3/main');
    if ((await target.locator('input[name="username"]').count()) === 0) return;
  }
  await loginByForm(user, target);
  const cookie = (await target.context().cookies(typo3().url)).find((c) => c.name === SESSION_COOKIE);
  if (cookie) sessions.set(user, cookie.value);
}

/** Logs in through TYPO3's login form, as an editor does: a session of its own. */
export async function loginByForm(user: keyof typeof PASSWORDS | string, target: Page = page): Promise<void> {
  await target.goto('/typo3/');
  await target.locator('input[name="username"]').fill(user);
  await target.locator('input[type="password"]').fill(PASSWORDS[user] ?? 'Editor-Pass-1234!');
  await target.locator('button[type="submit"]').click();
  await target.waitForURL(/\/typo3\/(main|module)/, { timeout: 30_000 });
}

/** FormEngine's content frame, where the record form and its editor live. */
export const contentFrame = (target: Page = page): FrameLocator => target.frameLocator('iframe[name="list_frame"]');

/** The record form of a content element, in the backend's content frame, its rich-text editor ready. */
export async function openContentElement(uid: number, target: Page = page): Promise<FrameLocator> {
  await target.goto(`/typo3/record/edit?edit[tt_content][${uid}]=edit`);
  const frame = contentFrame(target);
  await frame.locator('.ck-editor__editable').first().waitFor({ timeout: 30_000 });
  return frame;
}

/** Selects the n-th paragraph of the rich-text field, as an editor's triple click would. */
export async function selectParagraph(frame: FrameLocator, index: number): Promise<void> {
  const paragraph = frame.locator('.ck-editor__editable p').nth(index);
  await paragraph.selectText();
  await paragraph.dispatchEvent('mouseup');
}

/**
 * The dialog: one of the backend's modals, in the top frame (over the module menu and the content frame
 * alike), inside its widget's shadow root.
 */
export const dialog = (target: Page = page) => target.getByRole('dialog', { name: /Ask AI|KI fragen/ });

/** `TYPO3.settings.ajaxUrls` of the backend the page is logged in to (each URL with its token). */
export async function ajaxUrls(target: Page = page): Promise<Record<string, string>> {
  return target.evaluate(
    () => (window as unknown as { TYPO3: { settings: { ajaxUrls: Record<string, string> } } }).TYPO3.settings.ajaxUrls,
  );
}

/** The stored bodytext of a content element. */
export async function bodytext(uid: number): Promise<string> {
  const rows = await sql<{ bodytext: string }>('SELECT bodytext FROM tt_content WHERE uid = ?', [uid]);
  return rows[0]?.bodytext ?? '';
}

/** Lines of the site's logs (TYPO3's, the deprecations', PHP's server) written since `mark`. */
export function logsSince(mark: Record<string, number>): string[] {
  const lines: string[] = [];
  for (const [file, offset] of Object.entries(mark)) {
    let text = '';
    try {
      text = readFileSync(file).subarray(offset).toString('utf8');
    } catch {
      continue;
    }
    lines.push(...text.split('\n').filter((l) => l.trim() !== ''));
  }
  return lines;
}

/** Where each log ends now (its size in bytes), to read only what a test adds. */
export function markLogs(): Record<string, number> {
  const dir = join(typo3().sitePath, 'var/log');
  const files = [...readdirSync(dir).map((f) => join(dir, f)), serverLog(site())];
  const mark: Record<string, number> = {};
  for (const file of new Set(files)) {
    try {
      mark[file] = statSync(file).size;
    } catch {
      mark[file] = 0;
    }
  }
  return mark;
}

export interface RouteAnswer {
  readonly status: number;
  readonly type: string;
  readonly text: string;
}

/**
 * Calls one of the extension's routes (`ask_ai_run`, …) with the session of the page, as the dialog does:
 * the route's URL with its token from `TYPO3.settings.ajaxUrls`, a JSON body for a POST.
 */
export async function route(name: string, body?: unknown, target: Page = page): Promise<RouteAnswer> {
  const urls = await ajaxUrls(target);
  const url = urls[name];
  if (url === undefined) throw new Error(`no route ${name} in TYPO3.settings.ajaxUrls`);
  return target.evaluate(
    async ([href, payload]) => {
      const response = await fetch(href, {
        method: payload === null ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json' },
        ...(payload === null ? {} : { body: payload }),
        redirect: 'manual',
      });
      return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
    },
    [url, body === undefined ? null : JSON.stringify(body)] as const,
  );
}

/** The events of an NDJSON answer, in order. */
export const events = (text: string): Array<Record<string, unknown>> =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Opens the dialog from the rich-text editor's toolbar of the form in `frame`. */
export async function openDialog(
  frame: FrameLocator,
  name: string | RegExp = 'Ask AI',
  target: Page = page,
): Promise<Locator> {
  await frame.getByRole('button', { name }).first().click();
  const ask = dialog(target);
  await ask.waitFor();
  return ask;
}

/**
 * The dialog on a paragraph (the first by default) of content element 1, the text element, opened from
 * the toolbar's button named `trigger`; logged in first `as` that user when one is named.
 */
export async function dialogOnParagraph(
  options: { readonly as?: string; readonly paragraph?: number; readonly trigger?: string | RegExp } = {},
): Promise<{ frame: FrameLocator; ask: Locator }> {
  if (options.as !== undefined) await login(options.as);
  const frame = await openContentElement(1);
  await selectParagraph(frame, options.paragraph ?? 0);
  return { frame, ask: await openDialog(frame, options.trigger) };
}

/** Sends words of the editor's own (no task matches them): a run that offers the unattended tools. */
export async function instruct(ask: Locator, words: string): Promise<void> {
  await ask.getByRole('textbox', { name: 'Instruction' }).fill(words);
  await ask.getByRole('button', { name: 'Send' }).click();
}

/** Saves the record form (the save button of FormEngine's doc header). */
export async function save(frame: FrameLocator): Promise<void> {
  await frame.getByRole('button', { name: 'Save', exact: true }).first().click();
}

/**
 * `role`'s session for requests sent outside the browser (`plainRequest`), to either web node: a POST to a
 * route by its name.
 */
export async function sessionOutside(
  role: keyof typeof PASSWORDS | string,
): Promise<{ post(node: string, name: string, body: unknown): Promise<PlainAnswer> }> {
  const context = await page.context().browser()!.newContext({ baseURL: typo3().url });
  try {
    const tab = await context.newPage();
    await login(role, tab);
    const urls = await ajaxUrls(tab);
    const session = (await context.cookies(typo3().url)).find((c) => c.name === SESSION_COOKIE)!.value;
    return {
      post: (node, name, body) => plainRequest(new URL(urls[name]!, node), session, body),
    };
  } finally {
    await context.close();
  }
}

/** The most model calls that were open at one moment. */
export function mostAtOnce(log: readonly ModelRequest[]): number {
  const edges = log.flatMap((r) => [
    [r.receivedAt, 1],
    [r.endedAt ?? Number.POSITIVE_INFINITY, -1],
  ]);
  edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let open = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (open += step!));
  return most;
}

/**
 * What a failed test leaves to read (CI keeps nothing else): the page's errors and its requests that failed
 * or were refused, the fake model's requests with their times since the test began, the ledger's runs, and
 * the site's logs of the test — every request but the backend's static files and icons, each worker's
 * accepts and closes among them.
 */
async function whatHappened(mark: Record<string, number>, since: number, browser: string[]): Promise<string> {
  const at = (ms: number | undefined) => (ms === undefined ? '–' : `${((ms - since) / 1000).toFixed(1)} s`);
  const lines = ['', `── what happened in the failed test (times since it began; now ${at(Date.now())}) ──`];
  lines.push(...browser.map((line) => `browser: ${line}`));
  try {
    for (const r of await model.log()) {
      const said = sentText(r).slice(-80);
      lines.push(
        `model #${r.seq} ${r.api}${r.stream ? ' stream' : ''} ${r.status}: in ${at(r.receivedAt)}, first byte ` +
          `${at(r.firstByteAt)}, end ${at(r.endedAt)}${r.closedByClient ? ' (closed by nr-llm)' : ''} … ${said}`,
      );
    }
    for (const run of await sql('SELECT uid, be_user, request_id, state, started, deadline, worker FROM tx_askai_run'))
      lines.push(`ledger ${JSON.stringify(run)}`);
  } catch (error) {
    lines.push(`(model or ledger unreadable: ${String(error)})`);
  }
  const quiet = /\/_assets\/|\/typo3\/ajax\/icons|TYPO3\.CMS\.deprecations/;
  const logged = logsSince(mark);
  // A worker's line names the connection (`127.0.0.1:PORT`): its accept and close go with its request.
  const peer = (line: string) => / (127\.0\.0\.1:\d+) /.exec(line)?.[1];
  const staticPeers = new Set(logged.filter((line) => quiet.test(line)).map(peer));
  lines.push(...logged.filter((line) => !quiet.test(line) && !staticPeers.has(peer(line) ?? '')).slice(-200));
  return `${lines.join('\n')}\n`;
}
