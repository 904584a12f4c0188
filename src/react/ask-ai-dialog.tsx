import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { RunContext } from '../client';
import {
  DEFAULT_LANGUAGES,
  DEFAULT_PRESETS,
  localeOf,
  localize,
  resolveMessages,
  type AskAiMessages,
  type AskAiPreset,
} from '../session';
import { AnswerView, usePreloadMarkdown } from './answer-view';
import { ContextSummary } from './context-summary';
import { ErrorBoundary } from './error-boundary';
import { ResultActions, type AnswerHandler } from './result-actions';
import { RunProgress } from './run-progress';
import { TaskForm } from './task-form';
import { ToolDisclosure } from './tool-disclosure';
import { useControllableState } from './use-controllable-state';
import { useDialogSession } from './use-dialog-session';
import { useFrameValue } from './use-frame-value';
import { useModalDialog } from './use-modal-dialog';
import { useTransport, type TransportProps } from './use-transport';

export interface AskAiDialogProps extends TransportProps {
  /** The backend configuration identifier sent with every request. */
  readonly configuration?: string | undefined;
  /** What the editor is working on; sent with the task. */
  readonly context?: RunContext | undefined;
  /** Characters of `selection` and of `document` sent at most (a visible note says when cut). Default 20 000. */
  readonly contextLimit?: number | undefined;
  /** The tasks to offer; default: summarise, shorten, improve, translate, keywords, alt text. */
  readonly presets?: readonly AskAiPreset[] | undefined;
  /** The target languages of the translate task. */
  readonly languages?: readonly string[] | undefined;
  /** `en` (default) or `de`; never guessed from the browser. */
  readonly locale?: string | undefined;
  /** Replaces any built-in string. */
  readonly messages?: Partial<AskAiMessages> | undefined;
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
  /** The host's client; else the host's `QueryClientProvider`; else the dialog's own. */
  readonly queryClient?: QueryClient | undefined;
  /** A stream silent for this long has lost its connection. Default 180 000 ms. */
  readonly idleTimeoutMs?: number | undefined;
  /** Leave the built-in "Ask AI" button out (for a host that controls `open`). */
  readonly hideTrigger?: boolean | undefined;
  readonly className?: string | undefined;
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
  const queryClient = props.queryClient ?? hostClient ?? ownClient;
  const m = useMemo(() => resolveMessages(locale, props.messages), [locale, props.messages]);
  const lang = localeOf(locale);
  const presets = props.presets ?? DEFAULT_PRESETS[lang];
  const languages = props.languages ?? DEFAULT_LANGUAGES[lang];
  const [language, setLanguage] = useState(languages[0] ?? '');
  const [open, setOpen] = useControllableState(props.open, props.defaultOpen ?? false, props.onOpenChange);
  const transport = useTransport(props);
  const [session, snapshot] = useDialogSession({
    transport,
    queryClient,
    configuration,
    idleTimeoutMs: props.idleTimeoutMs,
    context,
    contextLimit,
  });
  const partial = useFrameValue(snapshot.answer);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const instructionRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { status, run, tools } = snapshot;
  const running = status === 'running';
  usePreloadMarkdown(open);

  useEffect(() => session.setActive(open), [session, open]);
  useEffect(() => {
    if (snapshot.notice) instructionRef.current?.focus();
  }, [snapshot.notice]);

  useModalDialog(dialogRef, {
    open,
    busy: running || status === 'preparing',
    onEscapeWhileBusy: () => session.stop(),
    onRequestClose: () => setOpen(false),
    initialFocus: instructionRef,
    returnFocus: triggerRef,
  });

  const shownAnswer = running ? partial : snapshot.answer;
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
          className="ask-ai-trigger"
          data-ask-ai-part="trigger"
          data-state={open ? 'open' : 'closed'}
          aria-haspopup="dialog"
          aria-expanded={open}
          dir={props.dir}
          onClick={() => setOpen(true)}
          onPointerEnter={session.prefetchTools}
          onFocus={session.prefetchTools}
        >
          {m.trigger}
        </button>
      )}
      <dialog
        ref={dialogRef}
        className={props.className ? `ask-ai-dialog ${props.className}` : 'ask-ai-dialog'}
        data-ask-ai-part="dialog"
        data-state={status}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        dir={props.dir}
        lang={lang}
      >
        {open && (
          <div className="ask-ai-body">
            <header className="ask-ai-header">
              <h2 id={titleId} className="ask-ai-title">
                {m.title}
              </h2>
              <button type="button" className="ask-ai-button ask-ai-close" onClick={() => setOpen(false)}>
                {m.close}
              </button>
            </header>
            <p id={descriptionId} className="ask-ai-description">
              {m.description}
            </p>
            <TaskForm
              presets={presets}
              languages={languages}
              language={language}
              onLanguageChange={setLanguage}
              tools={tools.data}
              instruction={snapshot.instruction}
              onInstructionChange={session.setInstruction}
              running={running}
              preparing={status === 'preparing'}
              notice={snapshot.notice ? localize(snapshot.notice, m) : null}
              onRun={(prompt) => session.start(prompt)}
              onStop={session.stop}
              instructionRef={instructionRef}
              messages={m}
            />
            <RunProgress snapshot={run} messages={m} />
            {snapshot.outcome && (
              <div
                className="ask-ai-outcome"
                data-ask-ai-part="outcome"
                data-tone={snapshot.outcome.tone}
                role={snapshot.outcome.tone === 'alert' ? 'alert' : undefined}
              >
                {snapshot.outcome.lines.map((line) => {
                  const text = localize(line, m);
                  return <p key={text}>{text}</p>;
                })}
              </div>
            )}
            {shownAnswer !== '' && (
              <section
                className="ask-ai-answer"
                data-ask-ai-part="answer"
                aria-label={m.answer}
                aria-busy={running}
                data-state={run.status}
              >
                <AnswerView markdown={shownAnswer} />
              </section>
            )}
            <ResultActions
              key={run.startedAt ?? 0}
              result={running ? null : snapshot.result}
              onInsert={props.onInsert}
              onReplace={props.onReplace}
              onCopy={props.onCopy}
              canReplace={snapshot.canReplace}
              showRetry={snapshot.canRetry}
              onRetry={session.retry}
              messages={m}
            />
            <ContextSummary context={snapshot.context} messages={m} />
            <ToolDisclosure tools={tools} onRetry={session.reloadTools} messages={m} />
          </div>
        )}
        <div role="status" aria-live="polite" className="ask-ai-announcer" style={VISUALLY_HIDDEN}>
          {open ? announcement : ''}
        </div>
      </dialog>
    </>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
