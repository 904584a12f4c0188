import type {
  AskAiEndpoints,
  ContractWarning,
  HeadersValue,
  RunContext,
  TaskAnswer,
  TaskAnswerMeta,
  Transport,
} from '../client';
import type { AnswerOutcome } from '../contract/outcome';
import type { RunImage } from '../contract/run-request';
import type { AskAiMessageOverrides, AskAiPreset } from '../i18n';
import type { DialogSessionSettings } from '../session';
import type { AnswerHandler } from './apply';

/** How the dialog reaches its backend: its URLs, or a transport of the host's own. */
export interface TransportSettings {
  /** The backend's URLs (in TYPO3: `typo3Endpoints(...)`). Required unless `transport` is given. */
  readonly endpoints?: AskAiEndpoints | undefined;
  /** A transport made with `createTransport`, used as it is. */
  readonly transport?: Transport | undefined;
  readonly fetch?: typeof fetch | undefined;
  /** Extra headers, or a function resolved on every request (token refresh). */
  readonly headers?: HeadersValue | undefined;
  /** Default `same-origin`. */
  readonly credentials?: RequestCredentials | undefined;
  /** What the client noticed that is not an error for the editor (never the console). */
  readonly onContractWarning?: ((warning: ContractWarning) => void) | undefined;
  /**
   * Fresh endpoints after the backend session expired and the editor logged in again (TYPO3:
   * `typo3EndpointsRefresh(routes)`; the CKEditor plugin sets it from `routes.routes`).
   */
  readonly refreshEndpoints?: (() => Promise<AskAiEndpoints | null>) | undefined;
}

/** A rectangle on screen, in CSS pixels of a window's viewport. */
export interface AnchorRect {
  readonly top: number;
  readonly left: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * Where the text the dialog is about is on screen: the dialog places itself beside it (never over it)
 * and spares it from its backdrop. The editor seam makes one from what the editor holds.
 */
export interface SelectionAnchor {
  /** The held selection's rectangle in the dialog's viewport; `null` when there is none to show. */
  rect(): AnchorRect | null;
  /** Calls `changed` whenever the selection may have moved (a scroll, a resize); returns how to stop. */
  watch(changed: () => void): () => void;
}

/** "Helpful" / "Not helpful" on an answer, with the answer and its provenance. */
export type FeedbackHandler = (outcome: AnswerOutcome, answer: TaskAnswer, meta: TaskAnswerMeta) => void;

/**
 * The dialog's settings, whatever renders it — the React component (`AskAiDialog`, which adds `children`),
 * the widget, the standalone widget, the editors' front ends. Framework-free: it belongs to the editor
 * seam, so an editor integration can take and pass them without React.
 */
export interface AskAiDialogSettings extends TransportSettings {
  /** The backend configuration identifier sent with every request. */
  readonly configuration?: string | undefined;
  /** What the editor is working on; sent with the task. */
  readonly context?: RunContext | undefined;
  /** Characters of `selection` and of `document` sent at most (a visible note says when cut). Default 20 000. */
  readonly contextLimit?: number | undefined;
  /** The tasks to offer; default: the built-in Edit and Write tasks (`DEFAULT_PRESETS`). */
  readonly presets?: readonly AskAiPreset[] | undefined;
  /** Tasks offered after `presets` (or the built-in ones): e.g. the backend's own tasks (`task`). */
  readonly morePresets?: readonly AskAiPreset[] | undefined;
  /**
   * What the editor is working on: `image` where an image is selected (then "Alt text" is offered, and
   * only then). Default `text`.
   */
  readonly subject?: 'text' | 'image' | undefined;
  /**
   * Where the held selection is on screen (the editor seam passes it): where there is room (a viewport of
   * 900 px and more) the dialog sits beside, below or above it, never over it, and follows it as the page
   * scrolls; elsewhere it quotes the selected text. Without one, the dialog takes its usual place.
   */
  readonly anchor?: SelectionAnchor | undefined;
  /**
   * The image as the dialog shows it while an alt text is written for it: a thumbnail (a same-site or
   * `http(s)` address) and the file's name. Default, for an image with an address (`image.src`): that
   * address and the last part of its path.
   */
  readonly imagePreview?: { readonly src: string; readonly name: string } | undefined;
  /** The image "Alt text" is written from (with `subject: 'image'`): the backend finds it among its files. */
  readonly image?: RunImage | undefined;
  /**
   * Whether the backend has a model that sees images (the TYPO3 extension says so): without one "Alt text"
   * is not offered — a guess from the words around an image is no alternative text. Default true.
   */
  readonly altText?: boolean | undefined;
  /**
   * The site's languages (codes such as `de`, `pt-BR`, or names): the translation targets, with the common
   * ones after them, each named in the dialog's language. The content's own language
   * (`context.contentLanguage`) is never the default target.
   */
  readonly languages?: readonly string[] | undefined;
  /**
   * The administrator's view: the tools the AI may use and those withheld, the run's steps, its token
   * usage and ids. Off by default: an editor sees the task, the answer and what to do with it.
   */
  readonly debug?: boolean | undefined;
  /**
   * `typo3`: the TYPO3 backend's look (its font, buttons, radii, colours and modal, through its own CSS
   * custom properties). Default: the package's own look, themed through `--ask-ai-*`.
   */
  readonly theme?: 'typo3' | undefined;
  /** `en` (default) or `de`; never guessed from the browser. */
  readonly locale?: string | undefined;
  /** Replaces any built-in string; a message that is a function may come as a template (`{0}`). */
  readonly messages?: AskAiMessageOverrides | undefined;
  /** Writing direction of the dialog; inherited from the page when not set. */
  readonly dir?: 'ltr' | 'rtl' | undefined;
  readonly open?: boolean | undefined;
  readonly defaultOpen?: boolean | undefined;
  readonly onOpenChange?: ((open: boolean) => void) | undefined;
  /** "Insert": the answer (markdown and plain text) and its provenance. */
  readonly onInsert?: AnswerHandler | undefined;
  /** "Replace selection": offered when the context has a selection. */
  readonly onReplace?: AnswerHandler | undefined;
  /** Called on "Copy", after the plain text went to the clipboard. */
  readonly onCopy?: AnswerHandler | undefined;
  /**
   * "Helpful" / "Not helpful" on an answer, with its provenance: for a host that collects the verdict
   * itself. With an `outcome` endpoint the dialog also posts it there.
   */
  readonly onFeedback?: FeedbackHandler | undefined;
  /** Insert and Replace selection close the dialog (focus returns to the trigger). Default true. */
  readonly closeOnApply?: boolean | undefined;
  /** The host's client; else the host's `QueryClientProvider`; else the dialog's own. */
  readonly queryClient?: DialogSessionSettings['queryClient'];
  /**
   * The host's login page (TYPO3: the backend login). Where the session expired, the dialog links to it;
   * it opens in a new tab, so the instruction and the answer here are kept for "Try again".
   */
  readonly loginUrl?: string | undefined;
  /** A stream silent for this long has lost its connection. Default 180 000 ms. */
  readonly idleTimeoutMs?: number | undefined;
  /** Leave the built-in "Ask AI" button out (for a host that controls `open`). */
  readonly hideTrigger?: boolean | undefined;
  readonly className?: string | undefined;
}
