import { describe, expect, it } from 'vitest';
import {
  AskAiRequestError,
  createRunController,
  createTransport,
  offerableTools,
  type ContractWarning,
} from '../../src/client';
import { requestCancel } from '../../src/client/cancel-request';
import { ENDPOINTS, until } from '../support/backend-fetch';
import { manualTimers } from '../support/manual-timers';

describe('requests that must not leak or hang', () => {
  it('never follows a redirect: body and headers go nowhere else; it reads as an expired session', async () => {
    const inits: RequestInit[] = [];
    const transport = createTransport({
      endpoints: ENDPOINTS,
      headers: { 'X-Request-Token': 'secret' },
      fetch: (async (_url: string, init: RequestInit) => {
        inits.push(init);
        return new Response(null, { status: 307, headers: { Location: 'https://elsewhere.example/steal' } });
      }) as unknown as typeof fetch,
    });
    const controller = createRunController({ transport, createRequestId: () => 'r' });
    controller.start({ prompt: 'p', tools: [] });
    await until(() => controller.getSnapshot().status !== 'running');
    expect(inits[0]?.redirect).toBe('manual');
    expect(controller.getSnapshot().failure).toEqual({ kind: 'sessionExpired' });
    await expect(offerableTools(transport)).rejects.toMatchObject({ failure: { kind: 'sessionExpired' } });
    expect(inits.every((init) => init.redirect === 'manual')).toBe(true);
  });

  it('gives up on a tool list that never answers after 20 s (a network failure with its retry)', async () => {
    const timers = manualTimers();
    let signal: AbortSignal | null | undefined;
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: ((_url: string, init: RequestInit) => {
        signal = init.signal;
        return new Promise<Response>(() => undefined);
      }) as unknown as typeof fetch,
    });
    const list = offerableTools(transport, { timers });
    await until(() => timers.pending() > 0);
    timers.advance(19_999);
    timers.advance(1);
    await expect(list).rejects.toBeInstanceOf(AskAiRequestError);
    await expect(list).rejects.toMatchObject({ failure: { kind: 'network' } });
    expect(signal?.aborted).toBe(true);
    expect(timers.pending()).toBe(0);
  });

  it('counts a cancel that gets no answer within 10 s as not confirmed, and says so', async () => {
    const timers = manualTimers();
    const warnings: ContractWarning[] = [];
    const sent: RequestInit[] = [];
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: ((_url: string, init: RequestInit) => {
        sent.push(init);
        return new Promise<Response>(() => undefined);
      }) as unknown as typeof fetch,
      onContractWarning: (w) => warnings.push(w),
    });
    const answer = requestCancel(transport, ENDPOINTS.cancel, { requestId: 'r' }, 0, { timers, keepalive: true });
    await until(() => timers.pending() > 0);
    timers.advance(10_000);
    expect(await answer).toBe(false);
    expect(warnings).toEqual([{ code: 'cancelFailed', message: 'The cancel request got no answer in time.' }]);
    expect(sent[0]?.keepalive).toBe(true);
  });

  it('warns when a run used a tool it was not offered', async () => {
    const warnings: ContractWarning[] = [];
    const lines = [
      { event: 'step', step: { kind: 'tool', round: 1, durationMs: 1, toolName: 'update_page_metadata' } },
      { event: 'step', step: { kind: 'tool', round: 1, durationMs: 1, toolName: 'get_page_content' } },
      { event: 'done', success: true, finalContent: 'A', iterations: 1, truncated: false, usage: [] },
    ];
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: (async () =>
        new Response(lines.map((l) => JSON.stringify(l)).join('\n'), {
          headers: { 'Content-Type': 'application/x-ndjson' },
        })) as unknown as typeof fetch,
      onContractWarning: (w) => warnings.push(w),
    });
    const controller = createRunController({ transport });
    controller.start({ prompt: 'p', tools: ['get_page_content'] });
    await until(() => controller.getSnapshot().status === 'done');
    expect(warnings).toEqual([
      { code: 'unofferedTool', message: 'The run used "update_page_metadata", which it was not offered.' },
    ]);
  });
});

describe('starting a run', () => {
  it('never throws out of start, even when the request id cannot be made', async () => {
    const transport = createTransport({
      endpoints: ENDPOINTS,
      fetch: (async () =>
        new Response(
          '{"event":"done","success":true,"finalContent":"A","iterations":1,"truncated":false,"usage":[]}\n',
          {
            headers: { 'Content-Type': 'application/x-ndjson' },
          },
        )) as unknown as typeof fetch,
    });
    const controller = createRunController({
      transport,
      createRequestId: () => {
        throw new Error('crypto.getRandomValues is not available');
      },
    });
    expect(controller.start({ prompt: 'p', tools: [] })).toBe(true);
    expect(controller.getSnapshot().requestId).toMatch(/^r-/);
    await until(() => controller.getSnapshot().status === 'done');
  });
});
