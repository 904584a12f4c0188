import { useId, useState } from 'react';
import type { AnswerOutcome, TaskAnswer, TaskAnswerMeta } from '../client';
import type { DialogSession, DialogSnapshot } from '../session';
import type { AskAiMessages } from '../i18n';
import { handedAnswer } from '../session/handed-answer';

export type FeedbackHandler = (outcome: AnswerOutcome, answer: TaskAnswer, meta: TaskAnswerMeta) => void;

/** Previous and next answer of this context, with "2 of 3". */
export function VariantNav({ snapshot, session, messages: m }: WorkflowProps) {
  const { variants, shown, status } = snapshot;
  if (variants.length < 2 || status === 'running') return null;
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
 * What the answer in view is: the instruction (or refinement) that produced it, "Done." for the last
 * run's finished answer, and marks for an answer
 * that ended early ("Incomplete", still usable), one from an earlier run while the last run ended without
 * an answer ("Earlier answer"), and one already handed over ("Inserted", "Replaced").
 */
export function AnswerProvenance({ snapshot, messages: m }: Omit<WorkflowProps, 'session'>) {
  const { status, run, variants, shown, applied } = snapshot;
  const variant = status === 'running' ? null : variants[shown];
  const instruction = variant ? variant.result.meta.instruction : run.prompt;
  if (!instruction) return null;
  const earlier = variant !== null && variant !== undefined && run.requestId !== variant.id && status !== 'idle';
  return (
    <p className="ask-ai-provenance" data-ask-ai-part="provenance">
      <span className="ask-ai-provenance-instruction">{m.answerFor(instruction)}</span>
      {/* "Done." is the card's own, not a callout beside it. */}
      {variant && run.status === 'done' && run.requestId === variant.id && (
        <span className="ask-ai-provenance-state" data-ask-ai-part="done">
          {m.done}
        </span>
      )}
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
      {applied && (
        <span className="ask-ai-badge" data-ask-ai-part="applied" data-tone="success">
          {applied === 'insert' ? m.inserted : m.replaced}
        </span>
      )}
    </p>
  );
}

interface WorkflowProps {
  readonly snapshot: DialogSnapshot;
  readonly session: DialogSession;
  readonly messages: AskAiMessages;
}

/**
 * Under the shown answer: "Helpful" / "Not helpful" (when the backend takes the verdict or the host
 * collects it), and "Refine" for a follow-up on this answer.
 */
export function AnswerWorkflow(props: WorkflowProps & { onFeedback: FeedbackHandler | undefined }) {
  const { snapshot, session, messages: m } = props;
  const [refinement, setRefinement] = useState('');
  const id = useId();
  const result = snapshot.result;
  if (!result) return null;
  const busy = snapshot.status === 'running' || snapshot.status === 'preparing';
  const rateable = snapshot.feedbackAvailable || props.onFeedback !== undefined;
  const { feedback } = snapshot;
  const rate = async (outcome: AnswerOutcome) => {
    const rated = session.feedback(outcome);
    if (rated && props.onFeedback) props.onFeedback(outcome, await handedAnswer(rated), rated.meta);
  };
  const refine = () => {
    if (session.refine(refinement)) setRefinement('');
  };
  return (
    <div className="ask-ai-workflow" data-ask-ai-part="workflow">
      <div className="ask-ai-workflow-row">
        {rateable && (
          <span className="ask-ai-feedback" data-ask-ai-part="feedback" data-state={feedback.status}>
            {(['helpful', 'not_helpful'] as const).map((outcome) => (
              <button
                key={outcome}
                type="button"
                className="ask-ai-button ask-ai-feedback-button"
                aria-pressed={feedback.given === outcome}
                disabled={!feedback.open && feedback.given !== outcome}
                onClick={() => void rate(outcome)}
              >
                {outcome === 'helpful' ? m.helpful : m.notHelpful}
              </button>
            ))}
            <span role="status" className="ask-ai-note">
              {feedback.status === 'failed' ? m.feedbackFailed : feedback.status === 'sent' ? m.feedbackThanks : ''}
            </span>
          </span>
        )}
      </div>
      <form
        className="ask-ai-refine"
        onSubmit={(event) => {
          event.preventDefault();
          refine();
        }}
      >
        <label className="ask-ai-label" htmlFor={`${id}-refine`}>
          {m.refine}
        </label>
        <div className="ask-ai-refine-row">
          <input
            id={`${id}-refine`}
            className="ask-ai-instruction ask-ai-refine-input"
            value={refinement}
            placeholder={m.refinePlaceholder}
            onChange={(event) => setRefinement(event.target.value)}
          />
          <button type="submit" className="ask-ai-button" disabled={busy || refinement.trim() === ''}>
            {m.refine}
          </button>
        </div>
      </form>
    </div>
  );
}
