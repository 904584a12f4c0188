import { expect, it } from 'vitest';
import { createNdjsonDecoder } from '../src/client/ndjson-reader';
import { interpretEvent } from '../src/client/event-meaning';
import { interleavedMedians } from './measure';
import { record } from './results';

const BUDGET_RATIO = 3;
const encoder = new TextEncoder();

// A long streamed answer as nr-llm pads it: 2 000 delta lines of 4 096 bytes, in 16 kB network chunks.
const lines = Array.from({ length: 2000 }, (_, i) => {
  const json = JSON.stringify({ event: 'delta', text: `piece ${i} of the answer ` });
  return `${json}${' '.repeat(4095 - json.length)}\n`;
});
const bytes = encoder.encode(lines.join(''));
const chunks: Uint8Array[] = [];
for (let at = 0; at < bytes.length; at += 16_384) chunks.push(bytes.subarray(at, at + 16_384));

it(`reads a padded NDJSON stream within ${BUDGET_RATIO}× of splitting and parsing it in one go`, () => {
  const text = new TextDecoder().decode(bytes);
  const [ours, bare] = interleavedMedians(
    [
      () => {
        const decoder = createNdjsonDecoder();
        let events = 0;
        for (const chunk of chunks)
          for (const item of decoder.push(chunk))
            if (item.json && interpretEvent(item.value).type === 'progress') events++;
        for (const item of decoder.end()) if (item.json) events++;
        if (events !== lines.length) throw new Error(`read ${events} events`);
      },
      () =>
        text
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l)),
    ],
    21,
    5,
  );
  const ratio = ours! / bare!;
  record({
    figure: `NDJSON reading (${(bytes.length / 1e6).toFixed(1)} MB, padded) / bare split+parse`,
    value: `${ratio.toFixed(2)}× (${ours!.toFixed(1)} / ${bare!.toFixed(1)} ms)`,
    budget: `≤ ${BUDGET_RATIO}×`,
    pass: ratio <= BUDGET_RATIO,
  });
  expect(ratio).toBeLessThanOrEqual(BUDGET_RATIO);
});

// One 2 MB line (a long `done` answer) arriving in 1 kB network chunks: the splitter joins it once.
const longLine = `${JSON.stringify({ event: 'delta', text: 'word '.repeat(400_000) })}\n`;
const longBytes = encoder.encode(longLine);
const smallChunks: Uint8Array[] = [];
for (let at = 0; at < longBytes.length; at += 1024) smallChunks.push(longBytes.subarray(at, at + 1024));

it(`reads one 2 MB line in 1 kB chunks within ${BUDGET_RATIO}× of parsing it in one piece`, () => {
  const [chunked, whole] = interleavedMedians(
    [
      () => {
        const decoder = createNdjsonDecoder();
        const items = smallChunks.flatMap((chunk) => decoder.push(chunk));
        items.push(...decoder.end());
        if (items.length !== 1) throw new Error(`read ${items.length} lines`);
      },
      () => JSON.parse(new TextDecoder().decode(longBytes)),
    ],
    11,
    2,
  );
  const ratio = chunked! / whole!;
  record({
    figure: `one ${(longBytes.length / 1e6).toFixed(1)} MB line in 1 kB chunks / in one piece`,
    value: `${ratio.toFixed(2)}× (${chunked!.toFixed(1)} / ${whole!.toFixed(1)} ms)`,
    budget: `≤ ${BUDGET_RATIO}×`,
    pass: ratio <= BUDGET_RATIO,
  });
  expect(ratio).toBeLessThanOrEqual(BUDGET_RATIO);
});
