import type { RunContext, RunRequest } from '../contract/run-request';
import { CancelAnswerSchema } from '../contract/cancel';
import { UnstreamedAnswerSchema } from '../contract/run-events';
import type { AskAiFailure } from './failure';
import { readJsonAnswer } from './http-answer';
import { createNdjsonDecoder, type NdjsonItem } from './ndjson-reader';
import { eventFromBody, interpretEvent, stepsFromBody, type RunEventMeaning } from './run-event';
import { IDLE_SNAPSHOT, reduceRun, type RunAction, type RunSnapshot } from './run-state';
import type { Transport } from './transport';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RunControllerOptions {
  readonly transport: Transport;
  /** The backend's configuration identifier, sent with every run. */
  readonly configuration?: string | undefined;
  /** A stream that sends nothing for this long has lost its connection. Default 180 000 ms. */
  readonly idleTimeoutMs?: number | undefined;
  /** Default: the global timers. */
  readonly timers?: Timers | undefined;
  /** Default: `Date.now`. */
  readonly now?: (() => number) | undefined;
  /** Default: `crypto.randomUUID()`. */
  readonly createRequestId?: (() => string) | undefined;
}

export interface RunInput {
  readonly prompt: string;
  /** Overrides the controller's `configuration` for this run. */
  readonly configuration?: string | undefined;
  readonly context?: RunContext | undefined;
  /** The unattended tool names; an empty list offers the model no tools. */
  readonly tools: readonly string[];
}

export interface RunController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): RunSnapshot;
  /** Starts a run; refused (`false`) while one is running. */
  start(input: RunInput): boolean;
  /** Stops a running task at once, keeping the partial answer, and asks the server to cancel. */
  stop(): void;
  /** Back to `idle`; stops a running task first. */
  reset(): void;
  /** New options for the runs that start from now on (a binding passes its latest props). */
  setOptions(options: Partial<Pick<RunControllerOptions, 'transport' | 'configuration' | 'idleTimeoutMs'>>): void;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 180_000;

const TIMED_OUT = Symbol('timedOut');

/**
 * One run of one task at a time: one controller per dialog, never a module singleton. It owns all
 * behaviour; a binding only subscribes to its snapshots.
 */
export function createRunController(initialOptions: RunControllerOptions): RunController {
  let options = initialOptions;
  let transport = options.transport;
  const timers: Timers = options.timers ?? {
    setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const now = options.now ?? Date.now;
  const createRequestId = options.createRequestId ?? (() => globalThis.crypto.randomUUID());

  let snapshot = IDLE_SNAPSHOT;
  const listeners = new Set<() => void>();
  /** The run whose events may still change the state; any other is stale and ignored. */
  let current: { readonly abort: AbortController } | null = null;

  function dispatch(action: RunAction) {
    const next = reduceRun(snapshot, action);
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function settle(run: typeof current, action: RunAction) {
    if (run !== current) return;
    current = null;
    dispatch(action);
  }

  /** Resolves with the promise's value, or `TIMED_OUT` when the backend stays silent past the idle timeout. */
  function beforeIdleTimeout<T>(promise: Promise<T>): Promise<T | typeof TIMED_OUT> {
    let timer: unknown;
    const idle = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = timers.setTimeout(() => resolve(TIMED_OUT), options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
    });
    return Promise.race([promise, idle]).finally(() => timers.clearTimeout(timer));
  }

  function lose(run: NonNullable<typeof current>) {
    run.abort.abort();
    settle(run, { type: 'fail', failure: { kind: 'connectionLost' }, at: now() });
  }

  async function execute(run: NonNullable<typeof current>, body: RunRequest) {
    let response: Response | typeof TIMED_OUT;
    try {
      // Silence before the answer starts counts too: an unstreamed run answers only at its end.
      response = await beforeIdleTimeout(
        transport.send(transport.endpoints.run, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json' },
          body: JSON.stringify(body),
          signal: run.abort.signal,
        }),
      );
    } catch {
      settle(run, { type: 'fail', failure: { kind: 'network' }, at: now() });
      return;
    }
    if (run !== current) return;
    if (response === TIMED_OUT) return lose(run);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && /application\/x-ndjson/i.test(type) && response.body) await readStream(run, response.body);
    else await readBody(run, response);
  }

  async function readBody(run: NonNullable<typeof current>, response: Response) {
    const answer = await beforeIdleTimeout(readJsonAnswer(response, now(), { successFalseIsError: false }));
    if (run !== current) return;
    if (answer === TIMED_OUT) return lose(run);
    if (!answer.ok) return settle(run, { type: 'fail', failure: answer.failure, at: now() });
    if (!UnstreamedAnswerSchema.safeParse(answer.body).success) {
      return settle(run, {
        type: 'fail',
        failure: { kind: 'invalidResponse', detail: 'The run answer does not fit the contract.' },
        at: now(),
      });
    }
    const body = answer.body as Record<string, unknown>;
    for (const step of stepsFromBody(body.steps)) dispatch({ type: 'step', step });
    const meaning = interpretEvent(eventFromBody(body));
    if (!apply(run, meaning))
      settle(run, {
        type: 'fail',
        failure: { kind: 'invalidResponse', detail: 'The run answer is not a terminal answer.' },
        at: now(),
      });
  }

  /** Applies one event's meaning; true when it ended the run. */
  function apply(run: NonNullable<typeof current>, meaning: RunEventMeaning): boolean {
    // A run that was stopped or replaced takes no more events (a listener may start the next one at once).
    if (run !== current) return true;
    switch (meaning.type) {
      case 'progress':
        if (meaning.action) dispatch(meaning.action);
        return false;
      case 'skip':
        transport.warn(meaning.warning);
        return false;
      case 'done':
        if (meaning.warning) transport.warn(meaning.warning);
        settle(run, { type: 'done', result: meaning.result, at: now() });
        return true;
      case 'fail':
        settle(run, { type: 'fail', failure: meaning.failure, at: now() });
        return true;
    }
  }

  async function readStream(run: NonNullable<typeof current>, stream: ReadableStream<Uint8Array>) {
    const reader = stream.getReader();
    const decoder = createNdjsonDecoder();
    let ended = false;
    const handle = (items: NdjsonItem[]) => {
      for (const item of items) {
        if (ended) {
          transport.warn({ code: 'afterTerminal', message: 'The stream went on after its terminal event.' });
          return;
        }
        // Stopped or replaced while this chunk was read: the rest is dropped without a word.
        if (run !== current) return;
        if (!item.json) transport.warn({ code: 'skippedLine', message: 'A line is not JSON.' });
        else ended = apply(run, interpretEvent(item.value));
      }
    };
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array> | typeof TIMED_OUT;
      try {
        chunk = await beforeIdleTimeout(reader.read());
      } catch {
        if (run === current) lose(run);
        return;
      }
      // Stopped, reset, or superseded: never wait on an aborted body.
      if (run !== current) return void reader.cancel().catch(() => undefined);
      if (chunk === TIMED_OUT) {
        void reader.cancel().catch(() => undefined);
        return lose(run);
      }
      if (chunk.done) {
        handle(decoder.end());
        if (!ended) lose(run);
        return;
      }
      handle(decoder.push(chunk.value));
      if (ended) {
        // Whatever else arrives is ignored; read it out only to warn about it, without waiting.
        return void drainAfterTerminal(reader, decoder, handle);
      }
    }
  }

  async function drainAfterTerminal(
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
      // The run has ended; a broken tail changes nothing.
    }
  }

  async function requestCancel(target: { runUuid: string } | { requestId: string }, url: string) {
    try {
      const response = await transport.send(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(target),
      });
      const answer = await readJsonAnswer(response, now());
      const confirmed =
        answer.ok &&
        CancelAnswerSchema.safeParse(answer.body).success &&
        (answer.body as { cancelled: boolean }).cancelled;
      if (!confirmed) transport.warn({ code: 'cancelFailed', message: 'The server did not confirm the cancel.' });
      dispatch({ type: 'cancelAnswered', confirmed });
    } catch {
      transport.warn({ code: 'cancelFailed', message: 'The cancel request failed.' });
      dispatch({ type: 'cancelAnswered', confirmed: false });
    }
  }

  function stop() {
    const run = current;
    if (run === null || snapshot.status !== 'running') return;
    const cancelUrl = transport.endpoints.cancel;
    const target = snapshot.runUuid
      ? { runUuid: snapshot.runUuid }
      : snapshot.requestId
        ? { requestId: snapshot.requestId }
        : null;
    current = null;
    run.abort.abort();
    dispatch({ type: 'stop', cancel: cancelUrl && target ? 'pending' : 'unavailable', at: now() });
    if (cancelUrl && target) void requestCancel(target, cancelUrl);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start(input) {
      if (current !== null) return false;
      const requestId = createRequestId();
      const tools = Array.isArray(input.tools) ? input.tools.filter((t) => typeof t === 'string') : [];
      const run = { abort: new AbortController() };
      current = run;
      dispatch({ type: 'start', prompt: input.prompt, context: input.context ?? null, tools, requestId, at: now() });
      const body: RunRequest = {
        ...((input.configuration ?? options.configuration)
          ? { configuration: input.configuration ?? options.configuration }
          : {}),
        prompt: input.prompt,
        ...(input.context ? { context: input.context } : {}),
        tools,
        stream: true,
        requestId,
      };
      execute(run, body).catch((): void => {
        // Nothing may throw past the client; an unforeseen fault still ends the run.
        const failure: AskAiFailure = { kind: 'invalidResponse', detail: 'The run could not be read.' };
        settle(run, { type: 'fail', failure, at: now() });
      });
      return true;
    },
    stop,
    setOptions(next) {
      options = { ...options, ...Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) };
      transport = options.transport;
    },
    reset() {
      stop();
      current = null;
      dispatch({ type: 'reset' });
    },
  };
}
