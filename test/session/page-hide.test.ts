// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createDialogSession, createTransport } from '../../src/session';
import { ENDPOINTS, simulated, until } from '../support/backend-fetch';

/** A session whose requests the test sees: the cancel's `keepalive` among them. */
function setup() {
  const sim = simulated();
  const cancels: RequestInit[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith(ENDPOINTS.cancel)) cancels.push(init ?? {});
    return sim.fetch(input, init);
  }) as typeof fetch;
  const session = createDialogSession({ transport: createTransport({ endpoints: ENDPOINTS, fetch: fetchFn }) });
  return { session, sim, cancels };
}

async function running(s: ReturnType<typeof setup>) {
  s.session.setActive(true);
  await until(() => s.session.getSnapshot().tools.status === 'success');
  s.sim.backend.setState({ fault: 'stalled-stream' });
  s.session.start('Summarise this.');
  await until(() => s.session.getSnapshot().status === 'running');
}

describe('leaving the page', () => {
  it('stops a running task and asks the server to cancel it with a request that outlives the page', async () => {
    const s = setup();
    const unsubscribe = s.session.subscribe(() => undefined);
    await running(s);
    window.dispatchEvent(new Event('pagehide'));
    expect(s.session.getSnapshot().status).toBe('stopped');
    await until(() => s.cancels.length === 1);
    expect(s.cancels[0]?.keepalive).toBe(true);
    unsubscribe();
    s.session.dispose();
  });

  it('is not listened for once nobody renders the session', async () => {
    const s = setup();
    const unsubscribe = s.session.subscribe(() => undefined);
    await running(s);
    unsubscribe();
    window.dispatchEvent(new Event('pagehide'));
    expect(s.session.getSnapshot().status).toBe('running');
    s.session.dispose();
    expect(s.session.getSnapshot().status).toBe('stopped');
  });
});
