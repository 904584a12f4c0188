import type { RunContext, RunImage, RunRequest } from '../contract/run-request';
import { requestCancel } from './cancel-request';
import type { RunEventMeaning } from './event-meaning';
import type { AskAiFailure } from './failure';
import { beforeTimeout, createIdleWatch, GLOBAL_TIMERS, TIMED_OUT, type Timers } from './idle-timeout';
import { randomRequestId } from './request-id';
import { IDLE_SNAPSHOT, reduceRun, type RunAction, type RunSnapshot } from './run-state';
import type { RunSink } from './stream-reader';
import type { Transport } from './transport';
import { loadRunReaders } from './load-run-readers';

export type { Timers } from './idle-timeout';

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
  /** Default: a random UUID (also on plain-HTTP origins, where `crypto.randomUUID` is missing). */
  readonly createRequestId?: (() => string) | undefined;
  /** The longest NDJSON line read (characters); a longer one ends the run. Default 8 MiB. */
  readonly maxLineLength?: number | undefined;
  /** Characters of answer kept; the rest is cut (`answerCut`). Default 2,000,000. */
  readonly maxAnswerLength?: number | undefined;
}

export interface RunInput {
  readonly prompt: string;
  /** Overrides the controller's `configuration` for this run. */
  readonly configuration?: string | undefined;
  readonly context?: RunContext | undefined;
  /** The unattended tool names; an empty list offers the model no tools. */
  readonly tools: readonly string[];
  /** A backend task to run (a preset's `task`): the backend runs it on the context, without tools. */
  readonly task?: string | number | undefined;
  /** The editor's note on the task, shown with it before it was sent. */
  readonly direction?: string | undefined;
  /** The image an alt text is written from (CONTRACT.md §2 `image`). */
  readonly image?: RunImage | undefined;
  /** The task's name as the editor picked it, for the answer's provenance. */
  readonly label?: string | undefined;
}

export interface RunController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): RunSnapshot;
  /** Starts a run; refused (`false`) while one is running. */
  start(input: RunInput): boolean;
  /**
   * Stops a running task at once, keeping the partial answer, and asks the server to cancel;
   * `keepalive` when the page is being left (the cancel request outlives it).
   */
  stop(how?: { readonly keepalive?: boolean }): void;
  /** Back to `idle`; stops a running task first. */
  reset(): void;
  /**
   * New options for the runs that start from now on (a binding passes its latest props). A key given
   * as `undefined` goes back to its default; a key left out keeps its value.
   */
  setOptions(options: Partial<Pick<RunControllerOptions, 'transport' | 'configuration' | 'idleTimeoutMs'>>): void;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 180_000;

type Run = { readonly abort: AbortController };

/**
 * One run of one task at a time: one controller per dialog, never a module singleton. It owns all
 * behaviour; a binding only subscribes to its snapshots.
 */
export function createRunController(initialOptions: RunControllerOptions): RunController {
  let transport = initialOptions.transport;
  let configuration = initialOptions.configuration;
  let idleTimeoutMs = initialOptions.idleTimeoutMs;
  const timers = initialOptions.timers ?? GLOBAL_TIMERS;
  const now = initialOptions.now ?? Date.now;
  const createRequestId = initialOptions.createRequestId ?? randomRequestId;

  let snapshot = IDLE_SNAPSHOT;
  const listeners = new Set<() => void>();
  /** The run whose events may still change the state; any other is stale and ignored. */
  let current: Run | null = null;

  function dispatch(action: RunAction) {
    const next = reduceRun(snapshot, action);
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function settle(run: Run, action: RunAction) {
    if (run !== current) return;
    current = null;
    dispatch(action);
  }

  const fail = (run: Run, failure: AskAiFailure) => {
    if (run !== current) return;
    // A stream that broke off or went silent may still run on the server: it is cancelled there as Stop
    // would, so no task goes on unseen (the idle timeout is longer than the backend's own deadline).
    const cancel = failure.kind === 'connectionLost' ? cancelTarget() : null;
    settle(run, { type: 'fail', failure, at: now() });
    if (cancel && transport.endpoints.cancel)
      void requestCancel(transport, (endpoints) => endpoints.cancel, cancel, now(), { timers });
  };
  /** What a cancel names: the run's uuid once known, else the request id. */
  const cancelTarget = () =>
    snapshot.runUuid ? { runUuid: snapshot.runUuid } : snapshot.requestId ? { requestId: snapshot.requestId } : null;
  const idle = <T>(promise: Promise<T>) => beforeTimeout(promise, idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, timers);
  /** What is left of the idle timeout, counted from the last event (padding keeps no run alive). */
  const remaining = (sinceEvent: number) => Math.max(1, (idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS) - sinceEvent);

  /** Applies one event's meaning; true when it ended the run. */
  function apply(run: Run, meaning: RunEventMeaning): boolean {
    // A run that was stopped or replaced takes no more events (a listener may start the next one at once).
    if (run !== current) return true;
    // The backend spoke: recorded to the second, so a stream of deltas does not add a change each.
    const at = now();
    if (meaning.type !== 'skip' && at - (snapshot.lastEventAt ?? 0) >= 1000) dispatch({ type: 'heard', at });
    if (meaning.type !== 'skip' && !snapshot.accepted) dispatch({ type: 'accepted' });
    switch (meaning.type) {
      case 'progress':
        if (meaning.action) dispatch(meaning.action);
        return false;
      case 'skip':
        transport.warn(meaning.warning);
        return false;
      case 'done':
        if (meaning.warning) transport.warn(meaning.warning);
        // The server's re-check should never let a tool run that the request did not offer.
        for (const step of snapshot.steps) {
          if (
            step.kind === 'tool' &&
            step.status === 'done' &&
            step.toolName &&
            !snapshot.tools.includes(step.toolName)
          ) {
            transport.warn({
              code: 'unofferedTool',
              message: `The run used "${step.toolName}", which it was not offered.`,
            });
          }
        }
        settle(run, { type: 'done', result: meaning.result, at: now() });
        return true;
      case 'fail':
        fail(run, meaning.failure);
        return true;
    }
  }

  async function execute(run: Run, body: RunRequest) {
    // Fetched side by side with the request: a run that started before the dialog preloaded it waits no longer.
    const reading = loadRunReaders();
    let response: Response | typeof TIMED_OUT;
    try {
      // Silence before the answer starts counts too: an unstreamed run answers only at its end.
      response = await idle(
        transport.send((endpoints) => endpoints.run, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json' },
          body: JSON.stringify(body),
          signal: run.abort.signal,
        }),
      );
    } catch {
      return fail(run, { kind: 'network' });
    }
    if (run !== current) return;
    if (response === TIMED_OUT) {
      run.abort.abort();
      return fail(run, { kind: 'connectionLost' });
    }
    const code = await idle(reading);
    if (run !== current) return;
    // The reader's chunk could not be fetched (offline, a deploy removed it, or it stalled past the idle
    // timeout): as unreachable as the server.
    if (code === null || code === TIMED_OUT) {
      run.abort.abort();
      return fail(run, { kind: 'network' });
    }
    const { readRunStream, readUnstreamedRun, isRedirect } = code;
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !isRedirect(response) && /application\/x-ndjson/i.test(type) && response.body) {
      const sink: RunSink = {
        isCurrent: () => run === current,
        apply: (meaning) => apply(run, meaning),
        fail: (failure) => {
          run.abort.abort();
          fail(run, failure);
        },
        warn: (warning) => transport.warn(warning),
      };
      const watch = createIdleWatch(timers, now);
      try {
        return await readRunStream(response.body, sink, {
          idle: (promise, sinceEvent) => watch.race(promise, remaining(sinceEvent)),
          now,
          maxLineLength: initialOptions.maxLineLength,
        });
      } finally {
        watch.stop();
      }
    }
    const read = await idle(readUnstreamedRun(response, now()));
    if (run !== current) return;
    if (read === TIMED_OUT) {
      run.abort.abort();
      return fail(run, { kind: 'connectionLost' });
    }
    if (!read.ok) return fail(run, read.failure);
    for (const step of read.steps) dispatch({ type: 'step', step });
    if (!apply(run, read.meaning)) {
      fail(run, { kind: 'invalidResponse', detail: 'The run answer is not a terminal answer.' });
    }
  }

  function stop(how: { readonly keepalive?: boolean } = {}) {
    const run = current;
    if (run === null || snapshot.status !== 'running') return;
    const cancelUrl = transport.endpoints.cancel;
    const target = cancelTarget();
    current = null;
    run.abort.abort();
    dispatch({ type: 'stop', cancel: cancelUrl && target ? 'pending' : 'unavailable', at: now() });
    if (cancelUrl && target) {
      void requestCancel(transport, (endpoints) => endpoints.cancel, target, now(), {
        timers,
        keepalive: how.keepalive,
      }).then((confirmed) => dispatch({ type: 'cancelAnswered', confirmed }));
    }
  }

  return {
    subscribe(listener) {
      // One entry per subscription, even when the same function subscribes twice.
      const entry = () => listener();
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    getSnapshot: () => snapshot,
    start(input) {
      if (current !== null) return false;
      // Nothing may throw out of a click handler: an id that cannot be made falls back to another.
      let requestId: string;
      try {
        requestId = createRequestId();
      } catch {
        requestId = `r-${now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      }
      const tools = Array.isArray(input.tools) ? input.tools.filter((t) => typeof t === 'string') : [];
      const run: Run = { abort: new AbortController() };
      current = run;
      dispatch({
        type: 'start',
        prompt: input.prompt,
        label: input.label ?? null,
        context: input.context ?? null,
        tools,
        requestId,
        at: now(),
        maxAnswerLength: initialOptions.maxAnswerLength,
      });
      const chosen = input.configuration ?? configuration;
      const body: RunRequest = {
        ...(chosen ? { configuration: chosen } : {}),
        prompt: input.prompt,
        ...(input.context ? { context: input.context } : {}),
        tools,
        stream: true,
        requestId,
        ...(input.task !== undefined ? { task: input.task } : {}),
        ...(input.direction?.trim() ? { direction: input.direction.trim() } : {}),
        ...(input.image ? { image: input.image } : {}),
      };
      execute(run, body).catch(() => {
        // Nothing may throw past the client; an unforeseen fault still ends the run.
        fail(run, { kind: 'invalidResponse', detail: 'The run could not be read.' });
      });
      return true;
    },
    stop,
    setOptions(next) {
      if ('transport' in next && next.transport) transport = next.transport;
      if ('configuration' in next) configuration = next.configuration;
      if ('idleTimeoutMs' in next) idleTimeoutMs = next.idleTimeoutMs;
    },
    reset() {
      stop();
      current = null;
      dispatch({ type: 'reset' });
    },
  };
}
