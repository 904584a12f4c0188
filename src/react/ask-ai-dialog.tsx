import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AppliedAs } from '../session';
import { localeOf } from '../i18n/locale';
import { resolveMessages } from '../i18n/messages';
import { translationTargets } from '../i18n/languages';
import { DEFAULT_PRESETS } from '../i18n/presets';
import type { AnswerHandler, ApplyRefusal } from '../editors/apply';
import type { AskAiDialogSettings } from '../editors/dialog-settings';
import { usePreloadMarkdown } from './answer-view';
import { ErrorBoundary } from './error-boundary';
import { CloseIcon, SparkleIcon } from './icons';
import { useControllableState } from './use-controllable-state';
import { useDialogSession } from './use-dialog-session';
import { useModalDialog } from './use-modal-dialog';
import { useDialogPlacement, useSteadyWhileRunning } from './use-placement';
import { useTransport } from './use-transport';
import { VISUALLY_HIDDEN } from './visually-hidden';

/** The dialog's settings (`AskAiDialogSettings`, the editor seam's), and the host's own content. */
export interface AskAiDialogProps extends AskAiDialogSettings {
  /** The host's own content at the end of the dialog's body (a help link, a settings disclosure). */
  readonly children?: ReactNode;
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
  // Beside the held selection where there is room (then it need not be quoted), and steady while a task runs.
  const beside = useDialogPlacement(dialogRef, open, props.anchor);
  useSteadyWhileRunning(dialogRef, open && busy);

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
                siteLanguages={siteLanguages ?? []}
                subject={subject}
                image={props.image}
                imagePreview={props.imagePreview}
                debug={props.debug ?? false}
                quoteSelection={!beside}
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
