import type { RunEventMeaning } from './event-meaning';
import { interpretEvent } from './event-meaning';
import type { AskAiFailure, ContractWarning } from './failure';
import { TIMED_OUT } from './idle-timeout';
import { createNdjsonDecoder, LineTooLongError, type NdjsonItem } from './ndjson-reader';

/** Where a streamed run's events go: the run controller's side of the reader. */
export interface RunSink {
  /** Whether the run still takes events (it was not stopped, reset or replaced). */
  isCurrent(): boolean;
  /** Applies one event's meaning; `true` when it ended the run. */
  apply(meaning: RunEventMeaning): boolean;
  /** Ends the run as failed (the connection broke, or the stream broke the contract). */
  fail(failure: AskAiFailure): void;
  warn(warning: ContractWarning): void;
}

export interface StreamReadOptions {
  /**
   * Waits for one read, or `TIMED_OUT` past the idle timeout; `sinceEvent` is how long the backend has
   * sent no event. Bytes that carry none (nr-llm's padding, blank lines, lines that are not JSON
   * objects) do not count as life: a stream of padding alone still times out.
   */
  readonly idle: <T>(promise: Promise<T>, sinceEvent: number) => Promise<T | typeof TIMED_OUT>;
  readonly now: () => number;
  readonly maxLineLength?: number | undefined;
}

const CONNECTION_LOST: AskAiFailure = { kind: 'connectionLost' };
const SESSION_EXPIRED: AskAiFailure = { kind: 'sessionExpired' };
/** The start of an HTML document or element (`<!doctype html>`, `<html>`, `<div class=…>`). */
const HTML_START = /^\s*<(?:!doctype\b|[a-z][\w-]*[\s>/])/i;

/**
 * Reads an NDJSON run stream line by line into `sink` until its terminal event (CONTRACT.md §2).
 * A stream that ends, breaks off or goes silent without one lost its connection; a line past the
 * size cap is an `invalidResponse`. It never waits on a run that is no longer current.
 */
export async function readRunStream(stream: ReadableStream<Uint8Array>, sink: RunSink, options: StreamReadOptions) {
  const reader = stream.getReader();
  const decoder = createNdjsonDecoder({ maxLineLength: options.maxLineLength });
  let ended = false;
  let lastEvent = options.now();
  const release = () => void reader.cancel().catch(() => undefined);
  let heard = false;
  let gaveUp = false;
  const handle = (items: NdjsonItem[]) => {
    for (const item of items) {
      if (item.json && typeof item.value === 'object' && item.value !== null) {
        lastEvent = options.now();
        heard = true;
      }
      // A page of HTML where the stream belongs, before any event: a login page, the session expired.
      if (!heard && !item.json && HTML_START.test(item.line) && sink.isCurrent()) {
        gaveUp = true;
        release();
        sink.fail(SESSION_EXPIRED);
        return;
      }
      if (ended) {
        sink.warn({ code: 'afterTerminal', message: 'The stream went on after its terminal event.' });
        return;
      }
      // Stopped or replaced while this chunk was read: the rest is dropped without a word.
      if (!sink.isCurrent()) return;
      if (!item.json) sink.warn({ code: 'skippedLine', message: 'A line is not JSON.' });
      else ended = sink.apply(interpretEvent(item.value));
    }
  };
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array> | typeof TIMED_OUT;
    try {
      chunk = await options.idle(reader.read(), options.now() - lastEvent);
    } catch {
      if (sink.isCurrent()) sink.fail(CONNECTION_LOST);
      return;
    }
    // Stopped, reset, or superseded: never wait on an aborted body.
    if (!sink.isCurrent()) return release();
    if (chunk === TIMED_OUT) {
      release();
      return sink.fail(CONNECTION_LOST);
    }
    try {
      if (chunk.done) {
        handle(decoder.end());
        if (!ended && !gaveUp && sink.isCurrent()) sink.fail(CONNECTION_LOST);
        return;
      }
      handle(decoder.push(chunk.value));
      if (gaveUp) return;
    } catch (error) {
      if (!(error instanceof LineTooLongError)) throw error;
      release();
      return sink.fail({ kind: 'invalidResponse', detail: error.message });
    }
    // Whatever else arrives is ignored; it is read out only to warn about it, without waiting.
    if (ended) return void drain(reader, decoder, handle);
  }
}

async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  decoder: ReturnType<typeof createNdjsonDecoder>,
  handle: (items: NdjsonItem[]) => void,
) {
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return handle(decoder.end());
      handle(decoder.push(chunk.value));
    }
  } catch {
    // The run has ended; a broken or oversized tail changes nothing.
  }
}
