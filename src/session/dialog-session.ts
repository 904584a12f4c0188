import { QueryClient } from '@tanstack/query-core';
import type { RunContext, RunImage } from '../contract/run-request';
import type { AnswerOutcome } from '../contract/outcome';
import { GLOBAL_TIMERS } from '../client/idle-timeout';
import { createRunController, type Timers } from '../client/run-controller';
import { loadRunReaders } from '../client/load-run-readers';
import type { RunSnapshot } from '../client/run-state';
import type { TaskResult } from '../client/task-result';
import type { Transport } from '../client/transport';
import type { MessageLine } from '../i18n/messages';
import type { AnswerUse } from '../i18n/presets';
import { createHandOverLock, type ApplyRefusal, type Give, type HandOver } from './hand-over';
import { createNotifier } from './notifier';
import type { Outcome, ToolLabel } from './outcome';
import { createLauncher, type LaunchOptions } from './launcher';
import { createRunClock } from './run-clock';
import { sameContext, sameSubject, selectionOf, sentContext, type SentContext } from './sent-context';
import { createSnapshotMemo } from './snapshot-memo';
import {
  createVariants,
  DEFAULT_MAX_VARIANTS,
  NO_FEEDBACK,
  type AnswerVariant,
  type AppliedAs,
  type FeedbackState,
} from './variants';

export type { SentContext } from './sent-context';
import { createToolListObserver } from './tool-list-observer';
import { toolsQueryOptions, type ToolListState } from './tools-query';

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
  /** Answers kept per context (previous / next). Default 10. */
  readonly maxVariants?: number | undefined;
  /** The tool list may take this long; then its failure shows with a retry. Default 20 000 ms. */
  readonly toolsTimeoutMs?: number | undefined;
  /** Default: the global timers. */
  readonly timers?: Timers | undefined;
  /** Default: `Date.now`. */
  readonly now?: (() => number) | undefined;
  /** Default: a random UUID. */
  readonly createRequestId?: (() => string) | undefined;
}

/** After this long without an event, a running task says it is still waiting (the idle timeout stays the end). */
export const QUIET_AFTER_MS = 15_000;

/**
 * "Try again": `hidden` where it cannot help (nothing ended, or the same request would fail the same
 * way), `waiting` during a `Retry-After` countdown (see `retryAt`), `ready` otherwise.
 */
export type RetryState = 'hidden' | 'waiting' | 'ready';

export { DEFAULT_MAX_VARIANTS, type AnswerVariant, type AppliedAs, type FeedbackState } from './variants';

export interface DialogSnapshot {
  readonly status: DialogStatus;
  /** The last run (or the idle one); while `preparing`, the run before the one that waits. */
  readonly run: RunSnapshot;
  readonly tools: ToolListState;
  readonly context: SentContext;
  /**
   * The prompt's text: an instruction, a filter of the task list, or (with an answer in view) a refinement.
   * It stays through a failure or a stop (nothing typed is lost); it empties once its answer is in view,
   * and at each open (a new open starts clean).
   */
  readonly instruction: string;
  /** A hint about the form, e.g. that the instruction is empty. */
  readonly notice: MessageLine | null;
  /** What the last end says; `null` while nothing has ended, a task runs or waits for the tools. */
  readonly outcome: Outcome | null;
  /**
   * The answer in view: as written so far while a run streams; before the first words of a new run, the
   * answer it follows (`answerPending`), so nothing in view vanishes while the next is made.
   */
  readonly answer: string;
  /** A run is under way and has written nothing yet: what `answer` shows is the one before it, if any. */
  readonly answerPending: boolean;
  /** What "Insert", "Replace selection" and "Copy" hand over; `null` while running or without an answer. */
  readonly result: TaskResult | null;
  /** "Try again" can start: something ended where retrying helps, and nothing runs or waits. */
  readonly canRetry: boolean;
  readonly retry: RetryState;
  /** With `retry: 'waiting'`: when a retry can help (the clock's time, ms). */
  readonly retryAt: number | null;
  /** A running task has heard nothing from the backend for 15 s. */
  readonly quiet: boolean;
  /** How the shown answer was handed over already, or `null`: it cannot be applied twice. */
  readonly applied: AppliedAs | null;
  /** Why the host refused the shown answer's last hand-over, or `null`. */
  readonly refusal: ApplyRefusal | null;
  /** The answers of this context, oldest first; `shown` is the one in view and handed over. */
  readonly variants: readonly AnswerVariant[];
  /** The index of the answer in view, or -1 without one. */
  readonly shown: number;
  /** The shown answer can be rated: the backend has an outcome endpoint and sent a `correlationId`. */
  readonly feedbackAvailable: boolean;
  readonly feedback: FeedbackState;
  /** How a tool is named to the editor: its label from the tool list, else its name. */
  readonly toolLabel: ToolLabel;
  /** The context has a selection to replace. */
  readonly canReplace: boolean;
  /**
   * The action that uses the answer in view, primary and focused once it is there: `replace` for an edit
   * (or the editor's own words) where text is selected, `insert` ("Insert below") for new writing or where
   * nothing is selected; `null` without an answer.
   */
  readonly primary: AnswerUse | null;
  /**
   * Answers of this context from earlier opens of the dialog, out of the pager: each open starts clean
   * (no answer, no action armed for one out of sight), those answers one click away (`showEarlier`).
   */
  readonly earlier: number;
}

export interface DialogSession {
  subscribe(listener: () => void): () => void;
  getSnapshot(): DialogSnapshot;
  setOptions(settings: Partial<DialogSessionSettings>): void;
  /** The prompt's text. */
  setInstruction(instruction: string): void;
  /**
   * Runs `prompt` (default: the instruction). With `tools: 'offer'` (the default) the model is offered the
   * unattended tools: when the tool list is not there yet the task waits for it (`preparing`), and a list
   * that cannot be had offers none (fail closed). With `tools: 'none'` it goes at once, without tools (a
   * task on the text in front of the editor). `false` when nothing started: empty, or a task runs or
   * waits already.
   */
  start(prompt?: string, options?: StartOptions): boolean;
  /**
   * Runs the last task again as it ran (its instruction, backend task, tools, note, image and name):
   * "Try again" and "Regenerate". After a suspension the tool list is fetched anew first: it was stale
   * (ADR-210).
   */
  retry(): boolean;
  /**
   * Stops the run (keeping the partial answer) or the wait for the tool list. `keepalive` when the page is
   * being left, so the cancel request outlives it; `closed`: because the dialog closed — the end says so
   * ("The dialog was closed, so the task was stopped.") instead of "Stopped."
   */
  stop(how?: { readonly keepalive?: boolean; readonly closed?: boolean }): void;
  /**
   * Hands the answer in view to a host's handler (`give`), once: while one hand-over of it is under way,
   * another is skipped (a double click), and an answer that went in is not given again. What `give`
   * returns may refuse it (an `ApplyRefusal`): the refusal stays with that answer; a `give` that throws
   * took nothing. Marked applied only once `give` has settled without a refusal.
   */
  handOver(as: AppliedAs, give: Give): Promise<HandOver>;
  /** Shows another answer in the pager (clamped to the list). */
  showVariant(index: number): void;
  /** Puts the answers of earlier opens back in the pager, the last of them in view. */
  showEarlier(): void;
  /**
   * A follow-up on the shown answer: the request carries it (`context.previousAnswer`) and the
   * instruction it was written for (`context.previousInstruction`); `prompt` is the refinement.
   */
  refine(refinement: string, options?: { readonly label?: string | undefined }): boolean;
  /**
   * The editor's verdict on the shown answer: posted once per press to the outcome endpoint when there
   * is one, changeable once. Returns the answer it is about (for the host's own record), or `null`.
   */
  feedback(outcome: AnswerOutcome): TaskResult | null;
  /**
   * Whether the dialog is open: the tool list is loaded and kept fresh only while it is. Closing stops a
   * task that runs or waits (its end says the dialog was closed).
   */
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

/** How a task runs (see `DialogSession.start`). */
export interface StartOptions {
  /** A backend task (a preset's `task`): the backend runs it on the context, without tools. */
  readonly task?: string | number | undefined;
  /** `offer` the unattended tools (default), or `none`. */
  readonly tools?: 'offer' | 'none' | undefined;
  /** The editor's note on the task, shown with it before it was sent. */
  readonly direction?: string | undefined;
  /** The image an alt text is written from. */
  readonly image?: RunImage | undefined;
  /** The task's name as the editor picked it ("Shorten"): the answer is shown as its answer. */
  readonly label?: string | undefined;
  /** How the task's answer is used (its preset's `use`); default: as the editor's own instruction. */
  readonly use?: AnswerUse | undefined;
  /** The preset the task came from (its id): the refinements offered under its answer fit it. */
  readonly preset?: string | undefined;
}

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
  /** The editor's own words that went out with the task under way (the box is empty meanwhile). */
  let sentWords: string | null = null;
  let notice: MessageLine | null = null;
  let active = false;
  const notifier = createNotifier();
  const variants = createVariants(Math.max(1, options.maxVariants ?? DEFAULT_MAX_VARIANTS), () => notifier.changed());
  const handing = createHandOverLock();
  const timers = options.timers ?? GLOBAL_TIMERS;
  const now = options.now ?? Date.now;
  const clock = createRunClock(timers, now, () => notifier.changed());
  const schedule = clock.schedule;
  const controller = createRunController({
    transport,
    configuration,
    idleTimeoutMs,
    timers: options.timers,
    now: options.now,
    createRequestId: options.createRequestId,
  });
  /**
   * A run that ended with an answer adds it to the variants, and shows it; the words a complete answer was
   * asked with leave the prompt (they head the answer now), so the prompt is ready to refine it.
   */
  controller.subscribe(() => {
    const run = controller.getSnapshot();
    variants.addFrom(run, launcher.lastFor(run.prompt));
    // The editor's words left the box when they went out (they head the answer now); a run that ends
    // without an answer gives them back, for the editor to send again.
    if (sentWords !== null && run.status !== 'running' && run.status !== 'idle') {
      if (run.status !== 'done' && instruction === '') instruction = sentWords;
      sentWords = null;
    }
    notifier.changed();
  });

  const toolList = createToolListObserver(
    client,
    () => toolsQueryOptions(transport, configuration, { timeoutMs: options.toolsTimeoutMs, timers: options.timers }),
    () => notifier.changed(),
  );
  /** The run the dialog's closing stopped: its end says so. */
  let closedRun: string | null = null;
  /** The answer whose hand-over is under way (the host may close the dialog for it, and open it again). */
  let handingOver: string | null = null;

  const launcher = createLauncher({
    controller,
    tools: toolList,
    configuration: () => configuration,
    send(extra) {
      // A refinement's additions are cut with the rest, and the cut is stated with the rest.
      context = sentContext(extra ? { ...(contextInput ?? {}), ...extra } : contextInput, contextLimit);
      return context.value;
    },
    changed: () => notifier.changed(),
  });

  /** Launches a task from the form: not while one runs or waits, nor during a `Retry-After` wait, nor empty. */
  function begin(prompt: string, how: LaunchOptions = {}): boolean {
    if (!launcher.idle()) return false;
    // While the backend asks to wait (`Retry-After`), nothing is posted: Run and the tasks wait too.
    if (read().retry === 'waiting') return false;
    if (prompt.trim() === '') {
      notice = { key: 'emptyInstruction' };
      notifier.changed();
      return false;
    }
    notice = null;
    const words = prompt.trim() === instruction.trim() ? instruction : null;
    if (!launcher.launch(prompt, how)) return false;
    if (words !== null) {
      sentWords = words;
      instruction = '';
      notifier.changed();
    }
    return true;
  }

  /** The words that went out with a task that never ran (stopped while it waited): back in the box. */
  function giveWordsBack() {
    if (sentWords !== null && instruction === '') instruction = sentWords;
    sentWords = null;
  }

  const memo = createSnapshotMemo();

  function compute(): DialogSnapshot {
    const run = controller.getSnapshot();
    const waiting = launcher.waiting();
    const status: DialogStatus = waiting ? 'preparing' : run.status;
    const tools = toolList.state();
    const labelOf = memo.labels(tools.data);
    const variant = variants.current();
    const outcome = waiting ? null : memo.outcome(run, labelOf, closedRun !== null && closedRun === run.requestId);
    const at = now();
    const canReplace = selectionOf(context.value) !== '';
    const retryAt =
      outcome?.retry === 'later' && run.settledAt !== null
        ? run.settledAt + (outcome.retryAfterSeconds ?? 0) * 1000
        : null;
    const retry: RetryState =
      !outcome || outcome.retry === 'never' ? 'hidden' : retryAt !== null && at < retryAt ? 'waiting' : 'ready';
    const quietAt = run.status === 'running' && run.lastEventAt !== null ? run.lastEventAt + QUIET_AFTER_MS : null;
    schedule(retry === 'waiting' ? retryAt : quietAt !== null && at < quietAt ? quietAt : null);
    return {
      status,
      run,
      tools,
      context,
      instruction,
      notice,
      outcome,
      // The streaming answer while a run goes on — or, until its first words, the answer it follows; else the
      // answer in view (none once its context went, none after the dialog opened again until it is asked for).
      answer:
        run.status === 'running' && run.partialAnswer !== '' ? run.partialAnswer : (variant?.result.markdown ?? ''),
      answerPending: (status === 'running' && run.partialAnswer === '') || status === 'preparing',
      result: run.status === 'running' ? null : (variant?.result ?? null),
      canRetry: retry === 'ready',
      retry,
      retryAt: retry === 'waiting' ? retryAt : null,
      quiet: quietAt !== null && at >= quietAt,
      applied: variant?.applied ?? null,
      refusal: variant?.refusal ?? null,
      variants: variants.list,
      shown: variants.shown,
      feedbackAvailable: Boolean(transport.endpoints.outcome && variant?.result.meta.correlationId),
      feedback: variant?.feedback ?? NO_FEEDBACK,
      toolLabel: labelOf,
      canReplace,
      primary: !variant ? null : variant.use === 'insert' || !canReplace ? 'insert' : 'replace',
      earlier: variants.earlier,
    };
  }

  let snapshot = compute();
  let computedAt = notifier.version();
  function read(): DialogSnapshot {
    // Computed when read after a change; listeners hear of a burst of changes once.
    if (computedAt !== notifier.version()) {
      snapshot = compute();
      computedAt = notifier.version();
    }
    return snapshot;
  }

  // Leaving the page mid-run cancels it on the server: the cancel request outlives the page.
  const pageHide = listening(globalThis, 'pagehide', () => session.stop({ keepalive: true }));

  const session: DialogSession = {
    subscribe(listener) {
      const unsubscribe = notifier.subscribe(listener);
      toolList.attach();
      pageHide.attach();
      return () => {
        unsubscribe();
        if (notifier.size() > 0) return;
        toolList.detach();
        pageHide.detach();
      };
    },
    getSnapshot: read,
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
        if (next !== client) {
          client = next;
          toolList.replaceClient(next);
        }
      }
      if (toolsChanged) {
        controller.setOptions({ transport, configuration });
        toolList.reconfigure();
      }
      const nextInput = 'context' in settings ? settings.context : contextInput;
      const nextLimit = 'contextLimit' in settings ? (settings.contextLimit ?? DEFAULT_CONTEXT_LIMIT) : contextLimit;
      if (nextLimit !== contextLimit || !sameContext(nextInput, contextInput)) {
        // Another selection or record: the answers of the old one no longer apply. (The document may
        // change, by an insertion among others, without taking the answers with it.)
        if (!sameSubject(nextInput, contextInput)) variants.clear();
        contextInput = nextInput;
        contextLimit = nextLimit;
        context = sentContext(contextInput, contextLimit);
        notifier.changed();
      }
    },
    setInstruction(next) {
      if (next === instruction) return;
      instruction = next;
      if (notice?.key === 'emptyInstruction' && next.trim() !== '') notice = null;
      notifier.changed();
    },
    start: (prompt, options = {}) => begin(prompt ?? instruction, options),
    retry() {
      const run = controller.getSnapshot();
      if (!read().canRetry) return false;
      // The same task again, as it ran (its backend task, its tools, its note, its image).
      return begin(run.prompt, { ...launcher.lastFor(run.prompt), freshTools: run.status === 'suspended' });
    },
    async handOver(as, give) {
      const variant = variants.current();
      if (read().result === null || !variant || variant.applied !== null) return { outcome: 'skipped' };
      handingOver = variant.id;
      const refusal = await handing(variant.id, variant.result, give).finally(() => {
        if (handingOver === variant.id) handingOver = null;
      });
      if (refusal === 'busy') return { outcome: 'skipped' };
      variants.update(variant.id, refusal ? { refusal } : { refusal: null, applied: as });
      return refusal ? { outcome: 'refused', refusal } : { outcome: 'applied', as };
    },
    showVariant(index) {
      variants.show(index);
    },
    showEarlier() {
      variants.showEarlier();
    },
    refine(refinement, options = {}) {
      const variant = variants.current();
      if (!variant || refinement.trim() === '') return false;
      // Cut to the context limit with the rest of the context, and said so (`SentContext.cut`).
      // A refinement works on the answer in front of the editor: no tools, streamed; its answer is used as
      // the one it refines (refining an edit is an edit).
      return begin(refinement, {
        tools: 'none',
        use: variant.use ?? undefined,
        preset: variant.preset ?? undefined,
        label: options.label,
        extra: { previousAnswer: variant.result.markdown, previousInstruction: variant.result.meta.instruction },
      });
    },
    feedback(outcome) {
      const variant = variants.current();
      if (!variant || !variant.feedback.open || variant.feedback.given === outcome) return null;
      const changing = variant.feedback.given !== null;
      const correlationId = variant.result.meta.correlationId;
      const posting = Boolean(transport.endpoints.outcome && correlationId);
      variants.update(variant.id, {
        feedback: { given: outcome, status: posting ? 'sending' : 'sent', open: !changing },
      });
      if (posting && correlationId) {
        void loadRunReaders()
          .then((code) => code?.sendFeedback(transport, correlationId, outcome, now()) ?? false)
          // The rated answer by its identity: runs that ended meanwhile may have moved it in the list.
          .then((ok) =>
            variants.update(variant.id, (v) => ({ feedback: { ...v.feedback, status: ok ? 'sent' : 'failed' } })),
          );
      }
      return variant.result;
    },
    stop(how) {
      closedRun = how?.closed ? controller.getSnapshot().requestId : null;
      if (launcher.cancel()) giveWordsBack();
      else controller.stop(how);
    },
    setActive(next) {
      if (next === active) return;
      active = next;
      if (active) {
        // Each open starts clean: no instruction of before, no answer in view (nor an action armed for it);
        // the answers of this context stay one click away (`earlier`).
        instruction = '';
        notice = null;
        // An answer being handed over, or one the host refused, stays: the host closed the dialog for the
        // edit and opens it again to say why it could not take it.
        if (handingOver === null && !variants.current()?.refusal) variants.hide();
        notifier.changed();
        void loadRunReaders();
      }
      // Closed while a task runs or waits (×, Esc, the host, the browser's own close): it stops, and its
      // end says why; what arrived is kept for when the dialog opens again. No task goes on unseen.
      else if (!launcher.idle()) session.stop({ closed: true });
      toolList.setActive(active);
    },
    prefetchTools() {
      void loadRunReaders();
      toolList.prefetch();
    },
    reloadTools() {
      toolList.fetch(true).catch(() => undefined);
    },
    dispose() {
      launcher.cancel();
      controller.stop();
      toolList.detach();
      pageHide.detach();
      schedule(null);
    },
  };
  return session;
}

/** An event listener on `target` (where it has one) added and removed on demand, at most once. */
function listening(target: unknown, type: string, listener: () => void) {
  const events = target as Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>>;
  let on = false;
  return {
    attach() {
      if (on || !events.addEventListener) return;
      on = true;
      events.addEventListener(type, listener);
    },
    detach() {
      if (!on) return;
      on = false;
      events.removeEventListener?.(type, listener);
    },
  };
}
