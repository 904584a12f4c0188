import { useEffect, useRef, useState } from 'react';
import type { AppliedAs, AskAiMessages, DialogSnapshot } from '../session';
import { answerOf } from './answer-view';
import type { AnswerHandler, ApplyRefusal } from '../editors/apply';
import { CopyIcon, InsertIcon, StopIcon } from './action-icons';
import { copyText } from './copy-text';
import { useCountdown } from './use-countdown';

export interface ActionBarProps {
  readonly snapshot: DialogSnapshot;
  /** The form the Run button submits (it lives in the body; the bar stays in view). */
  readonly formId: string;
  /** The action that fits the answer (Replace selection after a rewriting task): the primary button. */
  readonly primary?: AppliedAs | undefined;
  readonly onInsert: AnswerHandler | undefined;
  readonly onReplace: AnswerHandler | undefined;
  readonly onCopy: AnswerHandler | undefined;
  /** Hands the answer over (once) and closes or announces; the host's refusal, if it refused. */
  readonly onApply: (as: AppliedAs, handler: AnswerHandler) => Promise<ApplyRefusal | null>;
  /** The host's refusal of the answer in view, kept by the dialog (it outlives closing for the edit). */
  readonly refusal: ApplyRefusal | null;
  readonly onStop: () => void;
  readonly onRetry: () => void;
  readonly messages: AskAiMessages;
}

const COPY_FEEDBACK_MS = 4000;

/**
 * The footer: Run or Stop, and for an answer Insert, Replace selection and Copy, with "Try again"
 * where retrying can help (disabled, with its countdown, while the backend asks to wait), and the
 * run's usage as quiet metadata.
 */
export function ActionBar(props: ActionBarProps) {
  const { snapshot, messages: m } = props;
  const { status, result, run, applied } = snapshot;
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const footer = useRef<HTMLElement>(null);
  const { refusal } = props;
  const seconds = useCountdown(snapshot.retry === 'waiting' ? snapshot.retryAt : null);
  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  // A new answer starts without copy feedback.
  const [copiedFor, setCopiedFor] = useState(run.requestId);
  if (copiedFor !== run.requestId) {
    setCopiedFor(run.requestId);
    setCopy('idle');
  }
  const applyAs = (as: AppliedAs, handler: AnswerHandler) => void props.onApply(as, handler);

  const running = status === 'running';
  const answer = running ? null : result;
  const copyAnswer = async () => {
    if (!answer) return;
    const handed = await answerOf(answer);
    props.onCopy?.(handed, answer.meta);
    const copied = footer.current ? await copyText(handed.text, footer.current) : false;
    setCopy(copied ? 'copied' : props.onCopy ? 'idle' : 'failed');
  };
  const usage = !running && run.usage ? run.usage : null;
  const replacePrimary = props.primary === 'replace' && Boolean(props.onReplace) && snapshot.canReplace;

  // Focus never falls to the page: when the focused control goes away or is disabled (Run becoming Stop,
  // a preset, Refine or Regenerate starting a run, Stop ending it), it moves to what comes next here —
  // Stop while running; Insert (else Try again, else Run) when the run has ended.
  const stopRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const bar = footer.current;
    if (!bar) return;
    const root = bar.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement as HTMLElement | null;
    const lost =
      !active ||
      active === bar.ownerDocument.body ||
      !active.isConnected ||
      (active as HTMLButtonElement).disabled === true ||
      active.getAttribute('aria-disabled') === 'true';
    if (!lost) return;
    const next = running ? stopRef.current : nextRef.current;
    if (next && !next.disabled) next.focus();
    else bar.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [running, status]);

  return (
    <footer ref={footer} className="ask-ai-footer" data-ask-ai-part="actions">
      <p className="ask-ai-meta" data-ask-ai-part="usage">
        {copy !== 'idle' && (
          <span role="status" className="ask-ai-copy-state">
            {copy === 'copied' ? m.copied : m.copyFailed}
          </span>
        )}
        {copy === 'idle' && usage && (
          <span>
            {m.usage(usage.totalTokens)}
            {usage.estimatedCost !== null && ` · ${m.cost(usage.estimatedCost)}`}
          </span>
        )}
      </p>
      {answer && refusal && (
        <p role="alert" className="ask-ai-outcome ask-ai-refusal" data-tone="alert" data-ask-ai-part="refusal">
          {refusal.message ?? refusalText(refusal, m)}
        </p>
      )}
      <div className="ask-ai-buttons">
        {/* Two elements, never one that changes type: a click on Stop must not become a submit when the
            button under the pointer turns into Run before the click's default action. */}
        {running ? (
          <button
            key="stop"
            type="button"
            ref={stopRef}
            className="ask-ai-button ask-ai-stop"
            data-ask-ai-part="stop"
            onClick={props.onStop}
          >
            <StopIcon />
            {m.stop}
          </button>
        ) : (
          <button
            key="run"
            ref={!answer && snapshot.retry === 'hidden' ? nextRef : undefined}
            type="submit"
            form={props.formId}
            className={answer ? 'ask-ai-button' : 'ask-ai-button ask-ai-primary'}
            data-ask-ai-part="run"
            data-state={status === 'preparing' ? 'preparing' : 'idle'}
            aria-disabled={status === 'preparing' || undefined}
            disabled={snapshot.retry === 'waiting'}
            aria-describedby={seconds !== null ? `${props.formId}-countdown` : undefined}
          >
            {m.run}
          </button>
        )}
        {!running && snapshot.retry !== 'hidden' && (
          <button
            ref={!(answer && props.onInsert) ? nextRef : undefined}
            type="button"
            className="ask-ai-button"
            data-ask-ai-part="retry"
            disabled={snapshot.retry === 'waiting'}
            aria-describedby={seconds !== null ? `${props.formId}-countdown` : undefined}
            onClick={props.onRetry}
          >
            {run.status === 'done' ? m.regenerate : m.tryAgain}
          </button>
        )}
        {seconds !== null && snapshot.retry === 'waiting' && (
          <span id={`${props.formId}-countdown`} className="ask-ai-countdown" data-ask-ai-part="countdown">
            {m.tryAgainIn(seconds)}
          </span>
        )}
        {answer && (
          <button type="button" className="ask-ai-button" onClick={() => void copyAnswer()}>
            <CopyIcon />
            {m.copy}
          </button>
        )}
        {answer && props.onReplace && snapshot.canReplace && (
          <button
            ref={replacePrimary ? nextRef : undefined}
            type="button"
            className={replacePrimary ? 'ask-ai-button ask-ai-primary' : 'ask-ai-button'}
            data-ask-ai-part="replace"
            disabled={applied !== null}
            onClick={() => void applyAs('replace', props.onReplace!)}
          >
            {m.replaceSelection}
          </button>
        )}
        {answer && props.onInsert && (
          <button
            ref={replacePrimary ? undefined : nextRef}
            type="button"
            className={replacePrimary ? 'ask-ai-button' : 'ask-ai-button ask-ai-primary'}
            data-ask-ai-part="insert"
            disabled={applied !== null}
            onClick={() => void applyAs('insert', props.onInsert!)}
          >
            <InsertIcon />
            {m.insert}
          </button>
        )}
      </div>
    </footer>
  );
}

/** The dialog's own sentence for a refusal the host gave no words for. */
function refusalText(refusal: ApplyRefusal, m: AskAiMessages): string {
  switch (refusal.refused) {
    case 'selectionChanged':
      return m.selectionChanged;
    case 'selectionRemoved':
      return m.selectionRemoved;
    case 'readOnly':
      return m.fieldReadOnly;
    case 'tooLong':
      return refusal.limit !== undefined ? m.answerTooLong(refusal.limit) : m.applyRefused;
    default:
      return m.applyRefused;
  }
}
