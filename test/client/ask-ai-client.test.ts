import { describe, expect, it } from 'vitest';
import { createAskAiClient, createTransport, offerableTools } from '../../src/client';
import { ENDPOINTS, simulated, until } from '../support/backend-fetch';

describe('createAskAiClient', () => {
  it('fetches the offerable tools of a configuration and runs a task on one transport', async () => {
    const { fetch, requests } = simulated();
    const client = createAskAiClient({ endpoints: ENDPOINTS, fetch });
    const tools = await client.offerableTools('private');
    expect(new URL(requests[0]!.url).searchParams.get('configuration')).toBe('private');
    const run = client.createRunController({ configuration: 'private' });
    run.start({
      prompt: 'Summarise',
      context: { selection: 'One thing happened. Then another. And a third.' },
      tools: tools.unattended.map((t) => t.name),
    });
    await until(() => run.getSnapshot().status !== 'running');
    expect(run.getSnapshot().status).toBe('done');
    expect(await requests[1]!.json()).toMatchObject({
      configuration: 'private',
      tools: tools.unattended.map((t) => t.name),
    });
  });

  it('takes the configuration as a plain string too', async () => {
    const { fetch, requests } = simulated();
    await offerableTools(createTransport({ endpoints: ENDPOINTS, fetch }), 'local');
    expect(new URL(requests[0]!.url).searchParams.get('configuration')).toBe('local');
  });
});

describe('a missing endpoint', () => {
  it('reads as "not configured" (404), never as a fetch of the page itself', async () => {
    const fetched: string[] = [];
    const client = createAskAiClient({
      endpoints: { tools: '', run: '' },
      fetch: (async (url: string) => (fetched.push(url), new Response('<html>'))) as unknown as typeof fetch,
    });
    await expect(client.offerableTools()).rejects.toMatchObject({ failure: { kind: 'notFound' } });
    const run = client.createRunController();
    run.start({ prompt: 'p', tools: [] });
    await until(() => run.getSnapshot().status !== 'running');
    expect(run.getSnapshot().failure).toMatchObject({ kind: 'notFound' });
    expect(fetched).toEqual([]);
  });
});
