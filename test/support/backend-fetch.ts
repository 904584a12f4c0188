import { createSimulatedBackend, type SimulatedBackend, type SimulatedBackendOptions } from '../../src/mock-backend';

export const ORIGIN = 'http://cms.test';
export const ENDPOINTS = {
  tools: `${ORIGIN}/api/ask-ai/tools`,
  run: `${ORIGIN}/api/ask-ai/run`,
  cancel: `${ORIGIN}/api/ask-ai/cancel`,
};

/** The simulated backend with zero pacing, and a `fetch` that serves from it. */
export function simulated(options: SimulatedBackendOptions = {}): {
  backend: SimulatedBackend;
  fetch: typeof fetch;
  requests: Request[];
  waits: number[];
} {
  // Simulated time: every wait is recorded and resolves at once.
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    if (ms > 0) waits.push(ms);
  };
  const backend = createSimulatedBackend({ sleep, ...options, initialState: { latency: 0, ...options.initialState } });
  const requests: Request[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input instanceof Request ? input : new URL(String(input), ORIGIN), init);
    requests.push(request.clone());
    return backend.handle(request);
  }) as typeof fetch;
  return { backend, fetch: fetchFn, requests, waits };
}

/** A response whose body the test writes chunk by chunk. */
export function controlledStream(contentType = 'application/x-ndjson') {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': contentType } }),
    push(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    line(event: unknown) {
      controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
    },
    end() {
      controller.close();
    },
    fail() {
      controller.error(new TypeError('network error'));
    },
  };
}

/**
 * Waits until `predicate` holds, flushing microtasks and macrotasks; fails after `timeoutMs`. A wall-clock
 * limit, not a count of turns: what a test waits for may include Vitest transforming a lazy module on
 * its first import, which on a busy two-core machine took longer than 200 turns of the event loop, and
 * beside four CPU-bound loops with two test workers longer than 10 s (inside the test's own 30 s).
 */
export async function until(predicate: () => boolean, timeoutMs = 25_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (!predicate()) throw new Error('condition not reached');
}

/** What a `done` event reports as usage in the tests. */
export const USAGE = { promptTokens: 3, completionTokens: 4, totalTokens: 7, estimatedCost: null };

/** A `done` event with `finalContent` (CONTRACT.md §2); `extra` adds or overrides fields. */
export const doneEvent = (finalContent: string, extra: object = {}) => ({
  event: 'done',
  success: true,
  finalContent,
  iterations: 1,
  truncated: false,
  usage: USAGE,
  ...extra,
});
