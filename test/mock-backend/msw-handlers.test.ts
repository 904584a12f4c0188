import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunController, createTransport, offerableTools } from '../../src/client';
import { createHandlers, createSimulatedBackend } from '../../src/mock-backend';
import { until } from '../support/backend-fetch';

const backend = createSimulatedBackend({ initialState: { latency: 0 } });
const server = setupServer(...createHandlers(backend));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const endpoints = {
  tools: 'https://cms.example/api/ask-ai/tools',
  run: 'https://cms.example/api/ask-ai/run',
  cancel: 'https://cms.example/api/ask-ai/cancel',
};

describe('MSW handlers', () => {
  it('serve the tools and a streamed run through the global fetch', async () => {
    const transport = createTransport({ endpoints });
    const tools = await offerableTools(transport);
    expect(tools.unattended.length).toBeGreaterThan(10);
    const controller = createRunController({ transport });
    controller.start({
      prompt: 'Summarise',
      context: { selection: 'One sentence here. Another sentence there. A third one.' },
      tools: tools.unattended.map((t) => t.name),
    });
    await until(() => controller.getSnapshot().status !== 'running');
    expect(controller.getSnapshot()).toMatchObject({ status: 'done' });
    expect(controller.getSnapshot().partialAnswer).toBe(controller.getSnapshot().answer);
  });

  it('stop a stalled mocked stream when the client stops', async () => {
    const transport = createTransport({ endpoints, headers: { 'X-Ask-Ai-Fault': 'stalled-stream' } });
    const controller = createRunController({ transport });
    controller.start({
      prompt: 'Summarise',
      context: { selection: 'First sentence is here. Second one is there. Third one too.' },
      tools: [],
    });
    await until(() => controller.getSnapshot().runUuid !== null);
    controller.stop();
    expect(controller.getSnapshot().status).toBe('stopped');
    await until(() => controller.getSnapshot().cancel !== 'pending');
    expect(controller.getSnapshot().cancel).toBe('confirmed');
  });
});
