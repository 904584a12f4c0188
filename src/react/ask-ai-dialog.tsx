import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useId, useMemo, useRef, useState } from 'react';
import { AskAiRequestError, limitContext, taskResult, type RunContext } from '../client';
import { ContextSummary } from './context-summary';
import { AnswerView, usePreloadMarkdown } from './answer-view';
import { resolveMessages, type AskAiMessages } from './messages';
import { outcomeMessage } from './outcome-message';
import { DEFAULT_LANGUAGES, DEFAULT_PRESETS, type AskAiPreset } from './presets';
import { ResultActions, type AnswerHandler } from './result-actions';
import { RunProgress } from './run-progress';
import { TaskForm } from './task-form';
import { ToolDisclosure } from './tool-disclosure';
import { useControllableState } from './use-controllable-state';
import { useFrameValue } from './use-frame-value';
import { useModalDialog } from './use-modal-dialog';
import { useOfferableTools } from './use-offerable-tools';
import { useTransport, type TransportProps } from './use-transport';
import { useTaskRun } from './use-task-run';

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

const DEFAULT_CONTEXT_LIMIT = 20_000;

/** The "Ask AI" trigger and its modal dialog. */
export function AskAiDialog(props: AskAiDialogProps) {
  const hostClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => (props.queryClient || hostClient ? null : new QueryClient()));
  // `ownClient` exists exactly when neither of the others does.
  const client = (props.queryClient ?? hostClient ?? ownClient) as QueryClient;
  return (
    <QueryClientProvider client={client}>
      <AskAiDialogContent {...props} />
    </QueryClientProvider>
  );
}

function AskAiDialogContent(props: AskAiDialogProps) {
  const { configuration, context, contextLimit = DEFAULT_CONTEXT_LIMIT, locale } = props;
  const m = useMemo(() => resolveMessages(locale, props.messages), [locale, props.messages]);
  const lang = locale?.toLowerCase().startsWith('de') ? 'de' : 'en';
  const presets = props.presets ?? DEFAULT_PRESETS[lang];
  const languages = props.languages ?? DEFAULT_LANGUAGES[lang];
  const [language, setLanguage] = useState(languages[0] ?? '');
  const [open, setOpen] = useControllableState(props.open, props.defaultOpen ?? false, props.onOpenChange);
  const transport = useTransport(props);
  const tools = useOfferableTools(transport, configuration, open);
  const { controller, snapshot } = useTaskRun({ transport, configuration, idleTimeoutMs: props.idleTimeoutMs });
  const [instruction, setInstruction] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const limited = useMemo(() => limitContext(context, contextLimit), [context, contextLimit]);
  const partial = useFrameValue(snapshot.partialAnswer);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const instructionRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const running = snapshot.status === 'running';
  usePreloadMarkdown(open);

  /** Runs the task with the unattended tools; `freshTools` fetches the list anew first. */
  const run = async (prompt: string, freshTools = false) => {
    if (prompt.trim() === '') {
      setNotice(m.emptyInstruction);
      instructionRef.current?.focus();
      return;
    }
    setNotice(null);
    // Usually the list is here already (prefetched on hover); if not, the task waits for it, visibly.
    // A list that cannot be had offers the model no tools (fail closed).
    setPreparing(true);
    const list = await (freshTools ? tools.refetchFresh() : tools.ensure());
    setPreparing(false);
    controller.start({
      prompt,
      configuration,
      context: limited.context,
      tools: list?.unattended.map((t) => t.name) ?? [],
    });
  };

  // A suspension means the tool list was stale (ADR-210): "Try again" asks for it anew first.
  const retry = () => run(instruction.trim() === '' ? snapshot.prompt : instruction, snapshot.status === 'suspended');

  useModalDialog(dialogRef, {
    open,
    busy: running,
    onEscapeWhileBusy: () => controller.stop(),
    onRequestClose: () => setOpen(false),
    initialFocus: instructionRef,
    returnFocus: triggerRef,
  });

  const outcome = outcomeMessage(snapshot, m);
  const shownAnswer = snapshot.status === 'done' ? (snapshot.answer ?? '') : running ? partial : snapshot.partialAnswer;
  const result = taskResult(snapshot);
  const announcement = {
    idle: '',
    running: m.announceStarted,
    done: m.announceDone,
    stopped: m.announceStopped,
    failed: '',
    suspended: '',
  }[snapshot.status];
  const toolStatus = tools.query.status;

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
          onPointerEnter={tools.prefetch}
          onFocus={tools.prefetch}
        >
          {m.trigger}
        </button>
      )}
      <dialog
        ref={dialogRef}
        className={props.className ? `ask-ai-dialog ${props.className}` : 'ask-ai-dialog'}
        data-ask-ai-part="dialog"
        data-state={snapshot.status}
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
              tools={tools.query.data}
              instruction={instruction}
              onInstructionChange={setInstruction}
              running={running}
              preparing={preparing}
              notice={notice}
              onRun={(prompt) => void run(prompt)}
              onStop={() => controller.stop()}
              instructionRef={instructionRef}
              messages={m}
            />
            <RunProgress snapshot={snapshot} messages={m} />
            {outcome && (
              <div
                className="ask-ai-outcome"
                data-ask-ai-part="outcome"
                data-tone={outcome.tone}
                role={outcome.tone === 'alert' ? 'alert' : undefined}
              >
                {outcome.lines.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}
            {shownAnswer !== '' && (
              <section
                className="ask-ai-answer"
                data-ask-ai-part="answer"
                aria-label={m.answer}
                aria-busy={running}
                data-state={snapshot.status}
              >
                <AnswerView markdown={shownAnswer} />
              </section>
            )}
            <ResultActions
              key={snapshot.startedAt ?? 0}
              result={running ? null : result}
              onInsert={props.onInsert}
              onReplace={props.onReplace}
              onCopy={props.onCopy}
              canReplace={Boolean((limited.context as { selection?: string } | undefined)?.selection)}
              showRetry={!running && snapshot.status !== 'idle'}
              onRetry={() => void retry()}
              messages={m}
            />
            <ContextSummary context={limited.context} cut={limited.cut} limit={contextLimit} messages={m} />
            <ToolDisclosure
              tools={tools.query.data}
              status={toolStatus}
              failure={tools.query.error instanceof AskAiRequestError ? tools.query.error.failure : null}
              onRetry={() => void tools.refetchFresh()}
              messages={m}
            />
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
