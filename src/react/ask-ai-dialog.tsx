import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RunContext } from '../client';
import type { AppliedAs } from '../session';
import type { AskAiMessageOverrides, AskAiPreset } from '../i18n';
import { localeOf } from '../i18n/locale';
import { resolveMessages } from '../i18n/messages';
import { translationTargets } from '../i18n/languages';
import { DEFAULT_PRESETS } from '../i18n/presets';
import type { RunImage } from '../contract/run-request';
import type { AnswerHandler, ApplyRefusal } from '../editors/apply';
import type { FeedbackHandler } from './answer-workflow';
import { usePreloadMarkdown } from './answer-view';
import { ErrorBoundary } from './error-boundary';
import { CloseIcon, SparkleIcon } from './icons';
import { useControllableState } from './use-controllable-state';
import { useDialogSession } from './use-dialog-session';
import { useModalDialog } from './use-modal-dialog';
import { useTransport, type TransportProps } from './use-transport';
import { VISUALLY_HIDDEN } from './visually-hidden';

export interface AskAiDialogProps extends TransportProps {
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
  readonly queryClient?: QueryClient | undefined;
  /**
   * The host's login page (TYPO3: the backend login). Where the session expired, the dialog links to it;
   * it opens in a new tab, so the instruction and the answer here are kept for "Try again".
   */
  readonly loginUrl?: string | undefined;
  /** A stream silent for this long has lost its connection. Default 180 000 ms. */
  readonly idleTimeoutMs?: number | undefined;
  /** The host's own content at the end of the dialog's body (a help link, a settings disclosure). */
  readonly children?: ReactNode;
  /** Leave the built-in "Ask AI" button out (for a host that controls `open`). */
  readonly hideTrigger?: boolean | undefined;
  readonly className?: string | undefined;
}

const loadContent = () => import('./dialog-content');
const DialogContent = lazy(loadContent);

/** While the dialog's contents load (rarely seen: they are fetched when the trigger mounts). */
function ContentLoading({ label }: { label: string }) {
  return (
    <div className="ask-ai-body">
      <p className="ask-ai-working">
        <span className="ask-ai-spinner" aria-hidden="true" />
        {label}
      </p>
    </div>
  );
}

/**
 * The "Ask AI" trigger and its modal dialog: it renders the dialog session's snapshot. Whatever goes
 * wrong while rendering stays inside: the host's page (and its React root) keeps its content.
 */
export function AskAiDialog(props: AskAiDialogProps) {
  const failed = (
    <p role="alert" className="ask-ai-failed" data-ask-ai-part="failed" dir={props.dir}>
      {resolveMessages(props.locale, props.messages).dialogFailed}
    </p>
  );
  return (
    <ErrorBoundary fallback={failed}>
      <DialogFrame {...props} />
    </ErrorBoundary>
  );
}

function DialogFrame(props: AskAiDialogProps) {
  const { configuration, context, contextLimit, locale } = props;
  const hostClient = useContext(QueryClientContext);
  // Made once and kept: the dialog falls back on it whenever neither the prop nor a provider is there.
  const [ownClient] = useState(() => new QueryClient());
  // Its own client goes with the dialog: no cached tool list keeps a collection timer behind it.
  useEffect(() => () => ownClient.clear(), [ownClient]);
  const queryClient = props.queryClient ?? hostClient ?? ownClient;
  const m = useMemo(() => resolveMessages(locale, props.messages), [locale, props.messages]);
  const lang = localeOf(locale);
  const base = props.presets ?? DEFAULT_PRESETS[lang];
  const subject = props.subject ?? 'text';
  const altText = props.altText ?? true;
  const presets = useMemo(
    // Alt text only where a model can see the image.
    () => [...base, ...(props.morePresets ?? [])].filter((preset) => altText || preset.subject !== 'image'),
    [base, props.morePresets, altText],
  );
  const contentLanguage = (context as { contentLanguage?: unknown } | undefined)?.contentLanguage;
  const siteLanguages = props.languages;
  const languages = useMemo(
    () => translationTargets(siteLanguages ?? [], typeof contentLanguage === 'string' ? contentLanguage : undefined),
    [siteLanguages, contentLanguage],
  );
  // On a touch screen the prompt waits for a tap: focused on open, the keyboard would cover the dialog.
  const [focusPrompt] = useState(() => typeof matchMedia !== 'function' || !matchMedia('(pointer: coarse)').matches);
  const theme = props.theme === 'typo3' ? ' ask-ai-theme-typo3' : '';
  const [open, setOpen] = useControllableState(props.open, props.defaultOpen ?? false, props.onOpenChange);
  const [announced, setAnnounced] = useState('');
  const transport = useTransport(props);
  const [session, snapshot] = useDialogSession({
    transport,
    queryClient,
    configuration,
    idleTimeoutMs: props.idleTimeoutMs,
    context,
    contextLimit,
  });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const instructionRef = useRef<HTMLTextAreaElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const formId = useId();
  const { status } = snapshot;
  const running = status === 'running';
  const busy = running || status === 'preparing';
  usePreloadMarkdown(open);
  // The open dialog's contents load as their own chunk: fetched as soon as the trigger is on the page.
  useEffect(() => void loadContent().catch(() => undefined), []);

  // The session stops a task when the dialog closes (×, the host, the browser's own close).
  useEffect(() => session.setActive(open), [session, open]);
  useEffect(() => {
    if (snapshot.notice) instructionRef.current?.focus();
  }, [snapshot.notice]);

  useModalDialog(dialogRef, {
    open,
    busy,
    onEscapeWhileBusy: () => session.stop(),
    onRequestClose: () => setOpen(false),
    initialFocus: focusPrompt ? instructionRef : frameRef,
    returnFocus: triggerRef,
  });

  /**
   * Hands the answer over (the session lets it go once, and keeps a refusal with that answer), then
   * closes (by default) and says so in the page's polite status.
   */
  const apply = async (as: AppliedAs, handler: AnswerHandler): Promise<ApplyRefusal | null> => {
    const handed = await session.handOver(as, handler);
    if (handed.outcome === 'refused') return handed.refusal;
    if (handed.outcome === 'skipped') return null;
    setAnnounced(as === 'insert' ? m.inserted : m.replaced);
    if (props.closeOnApply ?? true) setOpen(false);
    return null;
  };

  const announcement = {
    idle: '',
    preparing: m.announceStarted,
    running: m.announceStarted,
    done: m.announceDone,
    stopped: m.announceStopped,
    failed: '',
    suspended: '',
  }[status];

  return (
    <>
      {!props.hideTrigger && (
        <button
          ref={triggerRef}
          type="button"
          className={`ask-ai-trigger${theme}`}
          data-ask-ai-part="trigger"
          data-state={open ? 'open' : 'closed'}
          aria-haspopup="dialog"
          aria-expanded={open}
          dir={props.dir}
          onClick={() => {
            setAnnounced('');
            setOpen(true);
          }}
          onPointerEnter={session.prefetchTools}
          onFocus={session.prefetchTools}
        >
          <SparkleIcon />
          {m.trigger}
        </button>
      )}
      {/* The page's polite status: what happened to the answer once the dialog has closed. */}
      <span
        role="status"
        aria-live="polite"
        className="ask-ai-announcer"
        data-ask-ai-part="announcer"
        style={VISUALLY_HIDDEN}
      >
        {announced}
      </span>
      <dialog
        ref={dialogRef}
        className={`ask-ai-dialog${theme}${props.className ? ` ${props.className}` : ''}`}
        data-ask-ai-part="dialog"
        data-state={status}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        dir={props.dir}
        lang={lang}
      >
        {open && (
          <div ref={frameRef} className="ask-ai-frame" tabIndex={-1}>
            <header className="ask-ai-header">
              <h2 id={titleId} className="ask-ai-title">
                {!theme && <SparkleIcon />}
                {m.title}
              </h2>
              <button
                type="button"
                className="ask-ai-icon-button ask-ai-close"
                aria-label={m.close}
                onClick={() => setOpen(false)}
              >
                <CloseIcon />
              </button>
            </header>
            <Suspense fallback={<ContentLoading label={m.waitingForServer} />}>
              <DialogContent
                session={session}
                snapshot={snapshot}
                messages={m}
                locale={lang}
                presets={presets}
                languages={languages}
                subject={subject}
                image={props.image}
                debug={props.debug ?? false}
                focusPrompt={focusPrompt}
                descriptionId={descriptionId}
                formId={formId}
                instructionRef={instructionRef}
                onInsert={props.onInsert}
                onReplace={props.onReplace}
                onCopy={props.onCopy}
                onApply={apply}
                onFeedback={props.onFeedback}
                loginUrl={props.loginUrl}
              >
                {props.children}
              </DialogContent>
            </Suspense>
          </div>
        )}
        <div role="status" aria-live="polite" className="ask-ai-announcer" style={VISUALLY_HIDDEN}>
          {open ? announcement : ''}
        </div>
      </dialog>
    </>
  );
}
