import type { AppliedAs, DialogSnapshot } from '../session';
import type { AskAiMessages } from '../i18n';
import type { AnswerHandler, ApplyRefusal } from '../editors/apply';
import { InsertIcon, ReplaceIcon, StopIcon } from './action-icons';
import { useCountdown } from './use-countdown';

export interface ActionBarProps {
  readonly snapshot: DialogSnapshot;
  /** Names the countdown (Try again points to it). */
  readonly formId: string;
  /** What the editor works on: an image's answer goes in as its alternative text ("Use as alt text"). */
  readonly subject: 'text' | 'image';
  readonly onInsert: AnswerHandler | undefined;
  readonly onReplace: AnswerHandler | undefined;
  /** Hands the answer over (once) and closes or announces; the host's refusal, if it refused. */
  readonly onApply: (as: AppliedAs, handler: AnswerHandler) => Promise<ApplyRefusal | null>;
  readonly onStop: () => void;
  readonly onRetry: () => void;
  readonly messages: AskAiMessages;
}

/**
 * The footer, at most three actions in one row: Stop while a task runs; for an answer, Replace selection
 * and Insert below — the one that fits the task primary (`snapshot.primary`): an edit replaces the
 * selection, new writing (a summary, the next paragraph) goes below it, so the habitual Enter never
 * overwrites the text the editor wanted to keep; for an image, "Use as alt text" alone. Ctrl+Enter
 * (⌘+Enter) accepts the primary from anywhere in the dialog. "Try again" where retrying can help (disabled,
 * with its countdown, while the backend asks to wait). Copy and Regenerate sit on the answer card.
 * Nothing to do: no footer.
 */
export function ActionBar(props: ActionBarProps) {
  const { snapshot, messages: m } = props;
  // The host's refusal of the answer in view: the session keeps it with that answer.
  const { refusal } = snapshot;
  const { status, result, applied } = snapshot;
  const seconds = useCountdown(snapshot.retry === 'waiting' ? snapshot.retryAt : null);
  // A task runs, or waits for the tool list: Stop; no answer can be taken meanwhile.
  const running = status === 'running' || status === 'preparing';
  const answer = running ? null : result;
  const image = props.subject === 'image';
  const retry = offersTryAgain(snapshot);
  const replace = answer !== null && props.onReplace !== undefined && (snapshot.canReplace || image);
  const insert = answer !== null && props.onInsert !== undefined && !image;
  const replacePrimary = replace && (image || snapshot.primary !== 'insert' || !insert);
  if (!running && !retry && !replace && !insert) return null;
  const applyAs = (as: AppliedAs, handler: AnswerHandler) => void props.onApply(as, handler);
  const insertButton = insert && (
    <button
      key="insert"
      type="button"
      className={replacePrimary ? 'ask-ai-button' : 'ask-ai-button ask-ai-primary'}
      data-ask-ai-part="insert"
      disabled={applied !== null}
      aria-keyshortcuts={replacePrimary ? undefined : 'Control+Enter Meta+Enter'}
      onClick={() => applyAs('insert', props.onInsert!)}
    >
      <InsertIcon />
      <span className="ask-ai-button-label">{m.insert}</span>
    </button>
  );
  const replaceButton = replace && (
    <button
      key="replace"
      type="button"
      className={replacePrimary ? 'ask-ai-button ask-ai-primary' : 'ask-ai-button'}
      data-ask-ai-part="replace"
      disabled={applied !== null}
      aria-keyshortcuts={replacePrimary ? 'Control+Enter Meta+Enter' : undefined}
      onClick={() => applyAs('replace', props.onReplace!)}
    >
      <ReplaceIcon />
      <span className="ask-ai-button-label">{image ? m.useAsAltText : m.replaceSelection}</span>
    </button>
  );

  return (
    <footer className="ask-ai-footer" data-ask-ai-part="actions">
      {answer && refusal && (
        <p role="alert" className="ask-ai-outcome ask-ai-refusal" data-tone="alert" data-ask-ai-part="refusal">
          {refusal.message ?? refusalText(refusal, m)}
        </p>
      )}
      {seconds !== null && snapshot.retry === 'waiting' && (
        <span id={`${props.formId}-countdown`} className="ask-ai-countdown" data-ask-ai-part="countdown">
          {m.tryAgainIn(seconds)}
        </span>
      )}
      <div className="ask-ai-buttons">
        {running && (
          <button
            key="stop"
            type="button"
            className="ask-ai-button ask-ai-stop"
            data-ask-ai-part="stop"
            onClick={props.onStop}
          >
            <StopIcon />
            {m.stop}
          </button>
        )}
        {retry && (
          <button
            type="button"
            className={answer ? 'ask-ai-button' : 'ask-ai-button ask-ai-primary'}
            data-ask-ai-part="retry"
            disabled={snapshot.retry === 'waiting'}
            aria-describedby={seconds !== null ? `${props.formId}-countdown` : undefined}
            onClick={props.onRetry}
          >
            {m.tryAgain}
          </button>
        )}
        {/* The primary last, at the end of the row (TYPO3's and the platforms' order). */}
        {replacePrimary ? [insertButton, replaceButton] : [replaceButton, insertButton]}
      </div>
    </footer>
  );
}

/**
 * Whether the bar offers "Try again": retrying can help and nothing runs. A done run's answer is
 * regenerated from its card instead.
 */
export function offersTryAgain({ status, retry, run }: DialogSnapshot): boolean {
  return status !== 'running' && retry !== 'hidden' && run.status !== 'done';
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
