import type { AnswerOutcome } from '../client';
import type { FeedbackHandler } from '../editors/dialog-settings';
import type { DialogSession, DialogSnapshot } from '../session';
import type { AskAiMessages } from '../i18n';
import { handedAnswer } from '../session/handed-answer';
import { ThumbDownIcon, ThumbUpIcon } from './action-icons';

interface WorkflowProps {
  readonly snapshot: DialogSnapshot;
  readonly session: DialogSession;
  readonly messages: AskAiMessages;
}

/** Previous and next answer of this text, with "2 of 3". */
export function VariantNav({ snapshot, session, messages: m }: WorkflowProps) {
  const { variants, shown, status } = snapshot;
  if (variants.length < 2 || status === 'running' || shown < 0) return null;
  return (
    <nav className="ask-ai-variants" data-ask-ai-part="variants" aria-label={m.answer}>
      <button
        type="button"
        className="ask-ai-icon-button"
        aria-label={m.previousAnswer}
        disabled={shown <= 0}
        onClick={() => session.showVariant(shown - 1)}
      >
        ‹
      </button>
      <span className="ask-ai-variant-count" aria-live="polite">
        {m.variantOf(shown + 1, variants.length)}
      </span>
      <button
        type="button"
        className="ask-ai-icon-button"
        aria-label={m.nextAnswer}
        disabled={shown >= variants.length - 1}
        onClick={() => session.showVariant(shown + 1)}
      >
        ›
      </button>
    </nav>
  );
}

/**
 * What the answer in view is: the task that made it by its name ("Shorten", "Translate into German"), or
 * the editor's own words in quotes — never the instruction a task sends the model — and marks for an
 * answer that ended early ("Incomplete", still usable), one from an earlier run while the last run ended
 * without one ("Earlier answer"), and one already handed over ("Inserted", "Replaced").
 */
export function AnswerProvenance({ snapshot, messages: m }: Omit<WorkflowProps, 'session'>) {
  const { status, run, variants, shown, applied } = snapshot;
  const busy = status === 'running' || status === 'preparing';
  const variant = busy ? null : variants[shown];
  const meta = variant ? variant.result.meta : { instruction: run.prompt, label: run.label };
  if (!meta.instruction) return null;
  const earlier = variant !== null && variant !== undefined && run.requestId !== variant.id && status !== 'idle';
  return (
    <p className="ask-ai-provenance" data-ask-ai-part="provenance">
      <span className="ask-ai-provenance-task">
        <bdi>{meta.label ?? m.answerFor(meta.instruction)}</bdi>
      </span>
      {variant?.result.meta.partial && (
        <span className="ask-ai-badge" data-ask-ai-part="incomplete" data-tone="warning">
          {m.incomplete}
        </span>
      )}
      {earlier && (
        <span className="ask-ai-badge" data-ask-ai-part="earlier">
          {m.earlierAnswer}
        </span>
      )}
      {applied && !busy && (
        <span className="ask-ai-badge" data-ask-ai-part="applied" data-tone="success">
          {applied === 'insert' ? m.inserted : m.replaced}
        </span>
      )}
    </p>
  );
}

/**
 * "Helpful" / "Not helpful" on the shown answer (when the backend takes the verdict or the host collects
 * it): two small buttons at the card's foot, pressed once, changeable once.
 */
export function AnswerFeedback(props: WorkflowProps & { onFeedback: FeedbackHandler | undefined }) {
  const { snapshot, session, messages: m } = props;
  const result = snapshot.result;
  if (!result || !(snapshot.feedbackAvailable || props.onFeedback !== undefined)) return null;
  const { feedback } = snapshot;
  const rate = async (outcome: AnswerOutcome) => {
    const rated = session.feedback(outcome);
    if (rated && props.onFeedback) props.onFeedback(outcome, await handedAnswer(rated), rated.meta);
  };
  return (
    <span className="ask-ai-feedback" data-ask-ai-part="feedback" data-state={feedback.status}>
      {(['helpful', 'not_helpful'] as const).map((outcome) => (
        <button
          key={outcome}
          type="button"
          className="ask-ai-icon-button ask-ai-feedback-button"
          aria-label={outcome === 'helpful' ? m.helpful : m.notHelpful}
          title={outcome === 'helpful' ? m.helpful : m.notHelpful}
          aria-pressed={feedback.given === outcome}
          disabled={!feedback.open && feedback.given !== outcome}
          onClick={() => void rate(outcome)}
        >
          {outcome === 'helpful' ? <ThumbUpIcon /> : <ThumbDownIcon />}
        </button>
      ))}
      <span role="status" className="ask-ai-note">
        {feedback.status === 'failed' ? m.feedbackFailed : feedback.status === 'sent' ? m.feedbackThanks : ''}
      </span>
    </span>
  );
}
