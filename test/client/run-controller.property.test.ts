import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRunController, createTransport, type RunSnapshot } from '../../src/client';
import { ENDPOINTS } from '../support/backend-fetch';

const encoder = new TextEncoder();

/** Runs the controller on a body delivered as the given byte chunks; resolves with the settled snapshot. */
async function runOn(chunks: readonly Uint8Array[], contentType = 'application/x-ndjson'): Promise<RunSnapshot> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const transport = createTransport({
    endpoints: { tools: ENDPOINTS.tools, run: ENDPOINTS.run },
    fetch: (async () => new Response(body, { headers: { 'Content-Type': contentType } })) as unknown as typeof fetch,
  });
  const controller = createRunController({ transport, createRequestId: () => 'r' });
  const settled = new Promise<RunSnapshot>((resolve) => {
    controller.subscribe(() => {
      const s = controller.getSnapshot();
      if (s.status !== 'running') resolve(s);
    });
  });
  controller.start({ prompt: 'p', tools: [] });
  return settled;
}

function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length)))].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => bytes.slice(start, points[i] ?? bytes.length)).filter((c) => c.length > 0);
}

const text = fc.string({ unit: 'binary', maxLength: 12 });
const events = fc.array(text, { maxLength: 8 }).map((pieces) => [
  { event: 'started', runUuid: 'u-1' },
  ...pieces.map((t) => ({ event: 'delta', text: t })),
  {
    event: 'done',
    success: true,
    finalContent: `final ${pieces.join('')}`,
    iterations: 1,
    truncated: false,
    usage: [],
  },
]);

describe('run controller on arbitrary input', () => {
  it('reads the same run from any split of a valid stream, even inside a UTF-8 character', async () => {
    await fc.assert(
      fc.asyncProperty(
        events,
        fc.integer({ min: 0, max: 300 }),
        fc.array(fc.nat(), { maxLength: 25 }),
        async (list, pad, cuts) => {
          const bytes = encoder.encode(list.map((e) => `${JSON.stringify(e)}${' '.repeat(pad)}\n`).join(''));
          const whole = await runOn([bytes]);
          const split = await runOn(splitAt(bytes, cuts));
          expect(split).toMatchObject({
            status: 'done',
            answer: whole.answer,
            partialAnswer: whole.partialAnswer,
            runUuid: 'u-1',
          });
          expect(whole.partialAnswer).toBe(list.flatMap((e) => ('text' in e ? [e.text] : [])).join(''));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never throws and never stays running, whatever bytes arrive', async () => {
    const junk = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.jsonValue().map((v) => encoder.encode(`${JSON.stringify(v)}\n`)),
      fc
        .constantFrom(
          '{"event":"done"}\n',
          '{"event":"delta"}\n',
          '{"event":"error","success":false}\n',
          '\n\n',
          '{"event":"lease_lost","success":true}\n',
        )
        .map((s) => encoder.encode(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(junk, { maxLength: 10 }),
        fc.constantFrom('application/x-ndjson', 'application/json', 'text/html', ''),
        async (chunks, type) => {
          const settled = await runOn(chunks, type);
          expect(['done', 'failed', 'suspended']).toContain(settled.status);
          if (settled.status !== 'done') expect(settled.failure).not.toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});
