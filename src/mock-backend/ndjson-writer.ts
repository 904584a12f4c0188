const encoder = new TextEncoder();

/** nr-llm pads every NDJSON line with spaces to at least 4096 bytes (ADR-041) so proxies flush it. */
export const PADDED_LINE_BYTES = 4096;

export function ndjsonLine(event: unknown): Uint8Array {
  const json = JSON.stringify(event);
  const padding = Math.max(0, PADDED_LINE_BYTES - 1 - encoder.encode(json).length);
  return encoder.encode(`${json}${' '.repeat(padding)}\n`);
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface StreamItem {
  /** Milliseconds to wait before this item. */
  readonly delay: number;
  /** A JSON event, or raw bytes (a broken line). */
  readonly event?: unknown;
  readonly raw?: string;
}

/**
 * Streams the items one by one. It stops as soon as the request is aborted (with msw 2 an aborted
 * request does not end a mocked stream by itself), and between items asks `shouldCancel` whether
 * the run was cancelled meanwhile.
 */
export function ndjsonStream(
  items: readonly StreamItem[],
  signal: AbortSignal,
  options: {
    readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
    readonly stall?: boolean;
    readonly onCancelled?: () => unknown;
    readonly shouldCancel?: () => boolean;
    readonly onEnd?: () => void;
  },
): ReadableStream<Uint8Array> {
  let closed = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const close = () => {
        if (closed) return;
        closed = true;
        try {
          controller.close();
        } catch {
          // Already errored by the consumer.
        }
      };
      signal.addEventListener('abort', close, { once: true });
      void (async () => {
        for (const item of items) {
          await options.sleep(item.delay, signal);
          if (closed || signal.aborted) return close();
          if (options.shouldCancel?.()) {
            controller.enqueue(ndjsonLine(options.onCancelled?.()));
            options.onEnd?.();
            return close();
          }
          controller.enqueue(item.raw !== undefined ? new TextEncoder().encode(item.raw) : ndjsonLine(item.event));
        }
        // A stalled stream stays open until the client gives up. A client that goes away does not
        // end the run on the server (as in nr-llm): only a run that wrote its last event is finished.
        if (options.stall) return;
        options.onEnd?.();
        close();
      })();
    },
    cancel() {
      closed = true;
    },
  });
}
