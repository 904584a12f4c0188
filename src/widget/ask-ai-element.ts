import type { AskAiEndpoints, RunContext, TaskAnswer, TaskAnswerMeta } from '../client';
import { typo3Endpoints } from '../client/typo3-endpoints';
import type { AskAiDialogProps } from '../react';
import { mount, type MountedDialog } from './mount';
import { refusalOf, type ApplyRefusal } from '../editors/apply';

/** What `ask-ai-insert` and `ask-ai-replace` carry. */
export interface AskAiAnswerEventDetail {
  readonly answer: TaskAnswer;
  readonly meta: TaskAnswerMeta;
  /**
   * Refuses the answer (a listener that could not take it): the dialog keeps it, says why, and the
   * editor can copy it. `event.preventDefault()` refuses too, with the dialog's general sentence.
   */
  readonly refuse: (refusal?: Partial<ApplyRefusal>) => void;
}

const ATTRIBUTES = [
  'tools-url',
  'run-url',
  'cancel-url',
  'outcome-url',
  'tools-route',
  'run-route',
  'cancel-route',
  'outcome-route',
  'configuration',
  'locale',
  'dir',
  'login-url',
] as const;

/** The endpoints from the attributes: URLs, or TYPO3 route ids read from `TYPO3.settings.ajaxUrls`. */
function endpointsOf(element: HTMLElement): AskAiEndpoints | string {
  const attr = (name: string) => element.getAttribute(name) ?? undefined;
  const tools = attr('tools-url');
  const run = attr('run-url');
  if (tools && run) return { tools, run, cancel: attr('cancel-url'), outcome: attr('outcome-url') };
  const toolsRoute = attr('tools-route');
  const runRoute = attr('run-route');
  if (!toolsRoute || !runRoute) return 'ask-ai-dialog: set tools-url and run-url, or tools-route and run-route.';
  try {
    return typo3Endpoints({
      tools: toolsRoute,
      run: runRoute,
      cancel: attr('cancel-route'),
      outcome: attr('outcome-route'),
    });
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * `<ask-ai-dialog>`: the dialog as a custom element for pages without React.
 * Attributes: `tools-url`, `run-url`, `cancel-url` (or TYPO3 route ids `tools-route`, `run-route`,
 * `cancel-route`), `configuration`, `locale`, `dir`, `login-url`. Property: `context`.
 * Events (bubbling, composed, cancelable): `ask-ai-insert`, `ask-ai-replace`, with `{ answer, meta, refuse }`;
 * `refuse({ refused, message })` or `preventDefault()` refuses the answer (the dialog keeps it, says why).
 */
export function createAskAiDialogElementClass(): CustomElementConstructor {
  return class AskAiDialogElement extends HTMLElement {
    static observedAttributes = [...ATTRIBUTES];
    #mounted: MountedDialog | null = null;
    #context: RunContext | undefined;

    get context(): RunContext | undefined {
      return this.#context;
    }

    set context(value: RunContext | undefined) {
      this.#context = value;
      this.#render();
    }

    connectedCallback() {
      // A `context` the page set before this element was defined sits on the instance itself and
      // would shadow the accessor: take it over.
      if (Object.hasOwn(this, 'context')) {
        const early = (this as { context?: RunContext }).context;
        delete (this as { context?: RunContext }).context;
        this.#context = early;
      }
      this.#render();
    }

    disconnectedCallback() {
      // Moved to another parent, the element is connected again in the same task: its dialog, its run
      // and what the editor typed stay. Only an element that stays out of the page is unmounted.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#mounted?.unmount();
        this.#mounted = null;
      });
    }

    attributeChangedCallback() {
      if (this.isConnected) this.#render();
    }

    /** Fires the event; a listener's refusal (or `preventDefault()`) is the handler's refusal. */
    #emit(type: 'ask-ai-insert' | 'ask-ai-replace', answer: TaskAnswer, meta: TaskAnswerMeta): ApplyRefusal | null {
      let refusal: ApplyRefusal | null = null;
      const refuse = (given: Partial<ApplyRefusal> = {}) => {
        refusal = refusalOf({ refused: 'other', ...given });
      };
      const event = new CustomEvent<AskAiAnswerEventDetail>(type, {
        detail: { answer, meta, refuse },
        bubbles: true,
        composed: true,
        cancelable: true,
      });
      const taken = this.dispatchEvent(event);
      return refusal ?? (taken ? null : { refused: 'other' });
    }

    #render() {
      if (!this.isConnected) return;
      const endpoints = endpointsOf(this);
      if (typeof endpoints === 'string') {
        // A set-up error is shown where the dialog would be, never thrown at the page.
        this.#mounted?.unmount();
        this.#mounted = null;
        const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        const note = document.createElement('p');
        note.setAttribute('role', 'alert');
        note.textContent = endpoints;
        shadow.replaceChildren(note);
        return;
      }
      const dir = this.getAttribute('dir');
      const props: AskAiDialogProps = {
        endpoints,
        configuration: this.getAttribute('configuration') ?? undefined,
        locale: this.getAttribute('locale') ?? undefined,
        dir: dir === 'rtl' || dir === 'ltr' ? dir : undefined,
        context: this.#context,
        onInsert: (answer, meta) => this.#emit('ask-ai-insert', answer, meta),
        onReplace: (answer, meta) => this.#emit('ask-ai-replace', answer, meta),
        loginUrl: this.getAttribute('login-url') ?? undefined,
      };
      if (this.#mounted) this.#mounted.update(props);
      else this.#mounted = mount(this, props);
    }
  };
}

/**
 * Registers `<ask-ai-dialog>` (or `tagName`). Nothing is registered on import: the host calls this.
 * Calling it again with the same name is harmless.
 */
export function defineAskAiDialogElement(tagName = 'ask-ai-dialog'): CustomElementConstructor {
  const existing = customElements.get(tagName);
  if (existing) return existing;
  const element = createAskAiDialogElementClass();
  customElements.define(tagName, element);
  return element;
}
