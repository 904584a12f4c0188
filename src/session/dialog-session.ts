import { QueryClient, QueryObserver } from '@tanstack/query-core';
import type { RunContext } from '../contract/run-request';
import type { OfferableTools } from '../client/offerable-tools';
import { createRunController, type Timers } from '../client/run-controller';
import type { RunSnapshot } from '../client/run-state';
import { limitContext, taskResult, type ContextPart, type TaskResult } from '../client/task-result';
import type { Transport } from '../client/transport';
import type { MessageLine } from './messages';
import { createNotifier } from './notifier';
import { outcomeOf, type Outcome } from './outcome';
import {
  NO_TOOLS,
  sameToolListState,
  toolListState,
  toolsQueryOptions,
  type ToolListState,
  type ToolsQueryKey,
} from './tools-query';

/** One `status` for the whole dialog: the run's, plus `preparing` while a task waits for the tool list. */
export type DialogStatus = 'idle' | 'preparing' | 'running' | 'done' | 'stopped' | 'failed' | 'suspended';

/** What a binding may change at any time; a key given as `undefined` goes back to its default. */
export interface DialogSessionSettings {
  readonly transport: Transport;
  /** Shared with the host (one cache for the tool list); default: the session's own. */
  readonly queryClient?: QueryClient | undefined;
  /** The backend configuration; default: the backend's own default. */
  readonly configuration?: string | undefined;
  /** A stream silent for this long has lost its connection. Default 180 000 ms. */
  readonly idleTimeoutMs?: number | undefined;
  /** What the editor is working on; sent with the task. */
  readonly context?: RunContext | undefined;
  /** Characters of `selection` and of `document` sent at most. Default 20 000. */
  readonly contextLimit?: number | undefined;
}

export interface DialogSessionOptions extends DialogSessionSettings {
  /** Default: the global timers. */
  readonly timers?: Timers | undefined;
  /** Default: `Date.now`. */
  readonly now?: (() => number) | undefined;
  /** Default: a random UUID. */
  readonly createRequestId?: (() => string) | undefined;
}

/** The context as it is sent: cut to the limit, with the parts that were cut. */
export interface SentContext {
  readonly value: RunContext | undefined;
  readonly cut: readonly ContextPart[];
  readonly limit: number;
}

export interface DialogSnapshot {
  readonly status: DialogStatus;
  /** The last run (or the idle one); while `preparing`, the run before the one that waits. */
  readonly run: RunSnapshot;
  readonly tools: ToolListState;
  readonly context: SentContext;
  /** The instruction being written; it survives every end, a close and a reopen. */
  readonly instruction: string;
  /** A hint about the form, e.g. that the instruction is empty. */
  readonly notice: MessageLine | null;
  /** What the last end says; `null` while nothing has ended, a task runs or waits for the tools. */
  readonly outcome: Outcome | null;
  /** The answer as written so far, or the final one. */
  readonly answer: string;
  /** What "Insert", "Replace selection" and "Copy" hand over; `null` while running or without an answer. */
  readonly result: TaskResult | null;
  /** "Try again" can start: something ended, and nothing runs or waits. */
  readonly canRetry: boolean;
  /** The context has a selection to replace. */
  readonly canReplace: boolean;
}

export interface DialogSession {
  subscribe(listener: () => void): () => void;
  getSnapshot(): DialogSnapshot;
  setOptions(settings: Partial<DialogSessionSettings>): void;
  setInstruction(instruction: string): void;
  /**
   * Runs `prompt` (default: the instruction) with the unattended tools. When the tool list is not
   * there yet the task waits for it (`preparing`); a list that cannot be had offers the model no
   * tools (fail closed). `false` when nothing started: empty, or a task runs or waits already.
   */
  start(prompt?: string): boolean;
  /**
   * Runs the last task again. After a suspension the tool list is fetched anew first: it was stale
   * (ADR-210). The instruction box wins over the last prompt when it holds text.
   */
  retry(): boolean;
  /** Stops a running task (keeping the partial answer) or a task that waits for the tool list. */
  stop(): void;
  /** Whether the dialog is open: the tool list is loaded and kept fresh only while it is. */
  setActive(active: boolean): void;
  /** Starts loading the tool list (the trigger is hovered or focused). */
  prefetchTools(): void;
  /** Fetches the tool list anew, whatever its age. */
  reloadTools(): void;
  /**
   * Ends what is under way: a task waiting for the tool list is never posted, a running one is
   * stopped, the tool list is no longer observed. A later `subscribe` attaches again (React's
   * StrictMode unmounts and mounts the same component once).
   */
  dispose(): void;
}

export const DEFAULT_CONTEXT_LIMIT = 20_000;

type ToolsObserver = QueryObserver<OfferableTools, Error, OfferableTools, OfferableTools, ToolsQueryKey>;

/**
 * The dialog's behaviour without a framework: the tool list (TanStack Query's core, shared cache),
 * the wait for it, the run, retry, stop, what each end says, and what is handed back. A binding
 * subscribes to its snapshots (`useSyncExternalStore` in React) and renders them.
 */
export function createDialogSession(options: DialogSessionOptions): DialogSession {
  let transport = options.transport;
  let ownClient: QueryClient | null = null;
  const clientOf = (given: QueryClient | undefined) => given ?? (ownClient ??= new QueryClient());
  let client = clientOf(options.queryClient);
  let configuration = options.configuration;
  let idleTimeoutMs = options.idleTimeoutMs;
  let contextInput = options.context;
  let contextLimit = options.contextLimit ?? DEFAULT_CONTEXT_LIMIT;
  let context = sentContext(contextInput, contextLimit);
  let instruction = '';
  let notice: MessageLine | null = null;
  let active = false;
  /** The task that waits for the tool list; replaced or cleared to abandon it. */
  let preparing: { readonly prompt: string } | null = null;

  const notifier = createNotifier();
  const controller = createRunController({
    transport,
    configuration,
    idleTimeoutMs,
    timers: options.timers,
    now: options.now,
    createRequestId: options.createRequestId,
  });
  controller.subscribe(notifier.changed);

  const queryOptions = () => toolsQueryOptions(transport, configuration);
  const observerOptions = () => ({ ...queryOptions(), enabled: active });
  let observer: ToolsObserver = new QueryObserver(client, observerOptions());
  let tools: ToolListState = NO_TOOLS;
  let detach: (() => void) | null = null;

  const onTools = () => {
    const next = toolListState(observer.getCurrentResult());
    if (sameToolListState(next, tools)) return;
    tools = next;
    notifier.changed();
  };
  function attach() {
    if (detach) return;
    detach = observer.subscribe(onTools);
    onTools();
  }
  function detachObserver() {
    detach?.();
    detach = null;
  }
  function reconfigure() {
    controller.setOptions({ transport, configuration });
    observer.setOptions(observerOptions());
    onTools();
  }
  function replaceClient(next: QueryClient) {
    const attached = detach !== null;
    detachObserver();
    client = next;
    observer = new QueryObserver(client, observerOptions());
    if (attached) attach();
    else onTools();
  }

  const cachedTools = (): OfferableTools | undefined => client.getQueryData<OfferableTools>(queryOptions().queryKey);

  function launch(prompt: string, list: OfferableTools | undefined) {
    controller.start({
      prompt,
      configuration,
      context: context.value,
      tools: list?.unattended.map((tool) => tool.name) ?? [],
    });
  }

  function begin(prompt: string, freshTools: boolean): boolean {
    if (preparing !== null || controller.getSnapshot().status === 'running') return false;
    if (prompt.trim() === '') {
      notice = { key: 'emptyInstruction' };
      notifier.changed();
      return false;
    }
    notice = null;
    const cached = freshTools ? undefined : cachedTools();
    if (cached) {
      launch(prompt, cached);
      notifier.changed();
      return true;
    }
    const ticket = { prompt };
    preparing = ticket;
    notifier.changed();
    const list = client.fetchQuery({ ...queryOptions(), ...(freshTools ? { staleTime: 0 } : {}) });
    list
      .then(
        (value) => value,
        () => undefined,
      )
      .then((value) => {
        // Stopped, disposed or replaced while it waited: nothing is posted.
        if (preparing !== ticket) return;
        preparing = null;
        launch(prompt, value);
        notifier.changed();
      });
    return true;
  }

  const memo = createSnapshotMemo();

  function compute(): DialogSnapshot {
    const run = controller.getSnapshot();
    const waiting = preparing !== null;
    const status: DialogStatus = waiting ? 'preparing' : run.status;
    const settled = !waiting && run.status !== 'idle' && run.status !== 'running';
    return {
      status,
      run,
      tools,
      context,
      instruction,
      notice,
      outcome: waiting ? null : memo.outcome(run),
      answer: run.status === 'done' ? (run.answer ?? '') : run.partialAnswer,
      result: memo.result(run),
      canRetry: settled,
      canReplace: selectionOf(context.value) !== '',
    };
  }

  let snapshot = compute();
  let computedAt = notifier.version();

  return {
    subscribe(listener) {
      const unsubscribe = notifier.subscribe(listener);
      attach();
      return () => {
        unsubscribe();
        if (notifier.size() === 0) detachObserver();
      };
    },
    getSnapshot() {
      // Computed when read after a change; listeners hear of a burst of changes once.
      if (computedAt !== notifier.version()) {
        snapshot = compute();
        computedAt = notifier.version();
      }
      return snapshot;
    },
    setOptions(settings) {
      let toolsChanged = false;
      if ('transport' in settings && settings.transport && settings.transport !== transport) {
        transport = settings.transport;
        toolsChanged = true;
      }
      if ('configuration' in settings && settings.configuration !== configuration) {
        configuration = settings.configuration;
        toolsChanged = true;
      }
      if ('idleTimeoutMs' in settings && settings.idleTimeoutMs !== idleTimeoutMs) {
        idleTimeoutMs = settings.idleTimeoutMs;
        controller.setOptions({ idleTimeoutMs });
      }
      if ('queryClient' in settings) {
        const next = clientOf(settings.queryClient);
        if (next !== client) replaceClient(next);
      }
      if (toolsChanged) reconfigure();
      const nextInput = 'context' in settings ? settings.context : contextInput;
      const nextLimit = 'contextLimit' in settings ? (settings.contextLimit ?? DEFAULT_CONTEXT_LIMIT) : contextLimit;
      if (nextLimit !== contextLimit || !sameContext(nextInput, contextInput)) {
        contextInput = nextInput;
        contextLimit = nextLimit;
        context = sentContext(contextInput, contextLimit);
        notifier.changed();
      }
    },
    setInstruction(next) {
      if (next === instruction) return;
      instruction = next;
      notifier.changed();
    },
    start: (prompt) => begin(prompt ?? instruction, false),
    retry() {
      const run = controller.getSnapshot();
      if (run.status === 'idle') return false;
      return begin(instruction.trim() === '' ? run.prompt : instruction, run.status === 'suspended');
    },
    stop() {
      if (preparing !== null) {
        preparing = null;
        notifier.changed();
        return;
      }
      controller.stop();
    },
    setActive(next) {
      if (next === active) return;
      active = next;
      observer.setOptions(observerOptions());
      onTools();
    },
    prefetchTools() {
      void client.prefetchQuery(queryOptions());
    },
    reloadTools() {
      client.fetchQuery({ ...queryOptions(), staleTime: 0 }).catch(() => undefined);
    },
    dispose() {
      if (preparing !== null) {
        preparing = null;
        notifier.changed();
      }
      controller.stop();
      detachObserver();
    },
  };
}

function selectionOf(context: RunContext | undefined): string {
  const selection = (context as { selection?: unknown } | undefined)?.selection;
  return typeof selection === 'string' ? selection : '';
}

function sentContext(context: RunContext | undefined, limit: number): SentContext {
  const limited = limitContext(context, limit);
  return { value: limited.context, cut: limited.cut, limit };
}

const CONTEXT_KEYS = ['selection', 'document', 'recordTable', 'recordUid'] as const;

/** Two contexts send the same: a host may pass a new object on every render. */
function sameContext(a: RunContext | undefined, b: RunContext | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return CONTEXT_KEYS.every((key) => x[key] === y[key]);
}

/** What is derived from a run is derived once per run snapshot: unchanged parts keep their identity. */
function createSnapshotMemo() {
  let outcomeFor: RunSnapshot | null = null;
  let outcome: Outcome | null = null;
  let resultFor: RunSnapshot | null = null;
  let result: TaskResult | null = null;
  return {
    outcome(run: RunSnapshot) {
      if (run !== outcomeFor) {
        outcomeFor = run;
        outcome = outcomeOf(run);
      }
      return outcome;
    },
    result(run: RunSnapshot) {
      if (run !== resultFor) {
        resultFor = run;
        result = taskResult(run);
      }
      return result;
    },
  };
}
