import type { RunContext, RunImage } from '../contract/run-request';
import type { OfferableTools } from '../client/offerable-tools';
import type { RunController } from '../client/run-controller';
import type { AnswerUse } from '../i18n/presets';

/** Where a task takes the tool list from: the observer's cache, or a fetch it waits for. */
interface ToolSource {
  cached(): OfferableTools | undefined;
  fetch(fresh: boolean): Promise<OfferableTools>;
}

export interface LaunchOptions {
  /** Fetch the tool list anew rather than use the cached one (after a suspension: it was stale). */
  readonly freshTools?: boolean;
  /** Added to the context for this run only (a refinement's previous answer). */
  readonly extra?: RunContext | undefined;
  /** The backend task (a preset's id) the prompt stands for. */
  readonly task?: string | number | undefined;
  /**
   * Whether the model is offered the unattended tools (`offer`, an instruction that may need the site:
   * the run goes through the backend's tool loop) or none (`none`: a task on the text in front of the
   * editor, streamed as it is written). Default `offer`.
   */
  readonly tools?: 'offer' | 'none' | undefined;
  /** The editor's note on the task, shown with it before it was sent. */
  readonly direction?: string | undefined;
  /** The image an alt text is written from. */
  readonly image?: RunImage | undefined;
  /** The task's name as the editor picked it. */
  readonly label?: string | undefined;
  /** How the task's answer is used (its preset's `use`). */
  readonly use?: AnswerUse | undefined;
  /** The preset the task came from (its id): the refinements offered under its answer fit it. */
  readonly preset?: string | undefined;
}

/**
 * Launching a run: with the cached tool list at once, else after waiting for the list (`preparing`), with
 * no tools offered when it cannot be had (fail closed). Only the unattended tools' names are offered. A
 * wait can be abandoned (`cancel`), and then nothing is posted. It remembers the last launch, so Try again
 * runs the same backend task.
 */
export function createLauncher(deps: {
  readonly controller: RunController;
  readonly tools: ToolSource;
  /** The context to send with the run (cut to the limit, the cut stated), given a run's additions. */
  readonly send: (extra: RunContext | undefined) => RunContext | undefined;
  readonly configuration: () => string | undefined;
  readonly changed: () => void;
}) {
  const { controller, tools, changed } = deps;
  /** The task that waits for the tool list; replaced or cleared to abandon it. */
  let waiting: object | null = null;
  let last: { readonly prompt: string; readonly how: LaunchOptions } | null = null;

  function post(prompt: string, list: OfferableTools | undefined, how: LaunchOptions) {
    last = { prompt, how };
    controller.start({
      prompt,
      configuration: deps.configuration(),
      context: deps.send(how.extra),
      tools: how.tools === 'none' ? [] : (list?.unattended.map((tool) => tool.name) ?? []),
      task: how.task,
      direction: how.direction,
      image: how.image,
      label: how.label,
    });
    changed();
  }

  return {
    /** A task waits for the tool list. */
    waiting: () => waiting !== null,
    /** Nothing runs and nothing waits. */
    idle: () => waiting === null && controller.getSnapshot().status !== 'running',
    /** Launches `prompt`; `false` while another task runs or waits. */
    launch(prompt: string, how: LaunchOptions = {}): boolean {
      if (waiting !== null || controller.getSnapshot().status === 'running') return false;
      // A task that offers no tools needs no tool list: it goes at once.
      if (how.tools === 'none') {
        post(prompt, undefined, how);
        return true;
      }
      const cached = how.freshTools ? undefined : tools.cached();
      if (cached) {
        post(prompt, cached, how);
        return true;
      }
      const ticket = {};
      waiting = ticket;
      changed();
      tools
        .fetch(how.freshTools === true)
        .then(
          (list) => list,
          () => undefined,
        )
        .then((list) => {
          // Stopped, disposed or replaced while it waited: nothing is posted.
          if (waiting !== ticket) return;
          waiting = null;
          post(prompt, list, how);
        });
      return true;
    },
    /** Abandons a task that waits for the tool list: `true` when there was one. */
    cancel(): boolean {
      if (waiting === null) return false;
      waiting = null;
      changed();
      return true;
    },
    /** How the last launch ran, when `prompt` is the prompt it ran with (Try again runs it so). */
    lastFor(prompt: string): LaunchOptions {
      if (last?.prompt !== prompt) return {};
      const { freshTools: _fresh, ...how } = last.how;
      return how;
    },
  };
}
