import type { CDPSession, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { page, setSimulation, useBrowser, runTask, answered } from './browser';

/**
 * Removing the widget leaves nothing behind, in every state it can be in: no timer or animation frame
 * still pending, no event listener more than before it was used (CDP's JSEventListeners), no request
 * still open. Timers are counted by wrapping the page's timer functions before anything loads; those of
 * Vite's own client are left out.
 */
useBrowser();

const COUNT_TIMERS = () => {
  const w = window as unknown as { pendingTimers: Map<number, string> };
  w.pendingTimers = new Map();
  const own = () => !(new Error().stack ?? '').includes('/@vite/client');
  const wrap = <A extends unknown[]>(
    set: (callback: () => void, ...rest: A) => number,
    clear: (id: number) => void,
    kind: string,
    repeats = false,
  ) => {
    const wrappedSet = (callback: () => void, ...rest: A) => {
      const id: number = set(
        () => {
          if (!repeats) w.pendingTimers.delete(id);
          callback();
        },
        ...rest,
      );
      // Where it was set, for the failure message.
      if (own()) w.pendingTimers.set(id, `${kind} ${(new Error().stack ?? '').split('\n').slice(2, 5).join(' | ')}`);
      return id;
    };
    const wrappedClear = (id: number) => {
      w.pendingTimers.delete(id);
      clear(id);
    };
    return [wrappedSet, wrappedClear] as const;
  };
  const [st, ct] = wrap(window.setTimeout.bind(window) as never, window.clearTimeout.bind(window), 'timeout');
  const [si, ci] = wrap(window.setInterval.bind(window) as never, window.clearInterval.bind(window), 'interval', true);
  const [raf, caf] = wrap(
    window.requestAnimationFrame.bind(window) as never,
    window.cancelAnimationFrame.bind(window),
    'frame',
  );
  Object.assign(window, {
    setTimeout: st,
    clearTimeout: ct,
    setInterval: si,
    clearInterval: ci,
    requestAnimationFrame: raf,
    cancelAnimationFrame: caf,
  });
};

async function listeners(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSEventListeners')?.value ?? Number.NaN;
}

const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });

/** A task sent while what `url` names is held: the dialog waits for it (preparing). */
async function waitingFor(url: string | RegExp, hold: (route: Route) => void) {
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  await page.route(url, (route) => {
    hold(route);
    reached();
  });
  await page.getByRole('button', { name: 'Ask AI' }).click();
  await dialog().getByRole('textbox', { name: 'Instruction' }).fill('Summarise');
  await dialog().getByRole('textbox', { name: 'Instruction' }).press('Enter');
  await dialog().and(page.locator('[data-state="preparing"]')).waitFor();
  await held;
}

const STATES = {
  'closed, never opened': async () => undefined,
  'open and idle': async () => {
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await dialog().locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
  },
  // The task waits for the tool list (the dialog's state: preparing), its request held.
  'waiting for its tool list with a task': (hold: (route: Route) => void) => waitingFor('**/api/ask-ai/tools*', hold),
  // The list's reader is a chunk of its own: removed before it arrives, no tool list may be asked for
  // once it does (an abort listener added after the abort never hears of it).
  "waiting for the tool list's reader with a task": (hold: (route: Route) => void) =>
    waitingFor(/offerable-tools[^/]*\.(ts|js)(\?.*)?$/, hold),
  'running, its stream open': async () => {
    await setSimulation({ latency: 60_000 });
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await dialog().locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
    await runTask(dialog(), 'Summarise');
    await dialog().getByRole('button', { name: 'Stop' }).waitFor();
  },
  'done, with an answer': async () => {
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await dialog().locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
    await runTask(dialog(), 'Keywords');
    await answered(dialog());
  },
} satisfies Record<string, (hold: (route: Route) => void) => Promise<void>>;

describe.each([
  ['the source widget (React)', '/typo3-host.html'],
  ['the built standalone widget (Preact)', '/typo3-host.html?widget=dist'],
])('%s, removed from the page', (_widget, host) => {
  it.each(Object.entries(STATES))('%s: leaves no timer, listener or request behind', async (_state, reach) => {
    await page.addInitScript(COUNT_TIMERS);
    const open = new Set<string>();
    page.on('request', (r) => {
      if (!r.url().includes('/api/ask-ai/')) return;
      open.add(r.url() + r.method());
    });
    page.on('requestfinished', (r) => open.delete(r.url() + r.method()));
    page.on('requestfailed', (r) => open.delete(r.url() + r.method()));
    await page.goto(host);
    await page.getByRole('button', { name: 'Ask AI' }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = await listeners(cdp);
    const held: Route[] = [];
    await reach((route) => held.push(route));
    // What the page asks of the backend after the removal, counted in the page itself (Playwright's request
    // events can arrive after a later evaluation's answer). The client looks `fetch` up on every request.
    await page.evaluate(() => {
      const w = window as unknown as { lateRequests: string[] };
      const own = window.fetch.bind(window);
      w.lateRequests = [];
      window.fetch = (input, init) => {
        w.lateRequests.push(input instanceof Request ? input.url : String(input));
        return own(input, init);
      };
      document.querySelector('ask-ai-dialog')?.remove();
    });
    // Removal is final once a task has passed (a move within it keeps the widget's state).
    await page.waitForTimeout(300);
    // A held chunk arrives after the removal; a held request fails.
    for (const route of held) {
      await (route.request().url().includes('/api/') ? route.abort() : route.continue()).catch(() => undefined);
    }
    expect(
      await page.evaluate(() => [
        ...(window as unknown as { pendingTimers: Map<number, string> }).pendingTimers.values(),
      ]),
    ).toEqual([]);
    expect(await listeners(cdp)).toBeLessThanOrEqual(before);
    // The stream and the cancel it sends end; a tool list held by this test is no longer awaited.
    await page.waitForTimeout(200);
    expect([...open].filter((r) => !r.includes('/tools'))).toEqual([]);
    // After removal nothing more is asked of the backend (a running task's cancel aside): no task, and no tool
    // list for a task that waited for one.
    const late = await page.evaluate(() => (window as unknown as { lateRequests: string[] }).lateRequests);
    expect(late.filter((url) => /\/api\/ask-ai\/(tools|run)/.test(url))).toEqual([]);
    await setSimulation({ latency: 0 });
  });
});
