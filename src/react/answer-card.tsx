import { useEffect, useId, useState, type RefObject } from 'react';
import type * as AnswerChangesModule from './answer-changes';
import type { DialogSession, DialogSnapshot } from '../session';
import type { AskAiMessages } from '../i18n';
import type { AnswerHandler } from '../editors/apply';
import { RegenerateIcon } from './action-icons';
import { AnswerView } from './answer-view';
import { CopyButton } from './copy-button';
import type { FeedbackHandler } from '../editors/dialog-settings';
import { AnswerFeedback, AnswerProvenance, VariantNav } from './answer-workflow';
import { RunActivity } from './run-progress';

// The word diff loads in its own chunk, fetched once "Show changes" is offered. Until it is there the
// answer stays in view: a loading fallback in its place would mount the whole answer once more (an
// 80,000-word answer: a 70 ms task).
let changesLoaded: typeof AnswerChangesModule | null = null;
const loadChanges = () =>
  import('./answer-changes').then((module) => {
    changesLoaded = module;
    return module;
  });

export interface AnswerCardProps {
  readonly snapshot: DialogSnapshot;
  readonly session: DialogSession;
  readonly messages: AskAiMessages;
  readonly cardRef: RefObject<HTMLElement | null>;
  readonly onCopy: AnswerHandler | undefined;
  readonly onFeedback: FeedbackHandler | undefined;
  /** Shows the run's usage and ids (an administrator's view). */
  readonly debug: boolean;
}

/**
 * The answer in view, as one card: which answer it is (the task's name or the editor's words, its marks,
 * the history), the answer itself — or, toggled with "Show changes", what it changes in the selection, in
 * its place — and at its foot what one does with this answer: Show changes, Copy, Regenerate, the verdict
 * (and, for an administrator, the run's usage and ids). While a task runs the card says so in the answer's
 * place until the first words arrive; the answer it follows stays in view, dimmed, until then.
 */
export function AnswerCard({ snapshot, session, messages: m, cardRef, onCopy, onFeedback, debug }: AnswerCardProps) {
  const { status, run } = snapshot;
  const running = status === 'running';
  const busy = running || status === 'preparing';
  const id = useId();
  const [changesFor, setChangesFor] = useState<string | null>(null);
  const answer = snapshot.answer;
  const held = (snapshot.context.value as { selection?: unknown } | undefined)?.selection;
  const selection = typeof held === 'string' ? held : '';
  const comparable = !busy && snapshot.result !== null && selection !== '';
  // The toggle belongs to the answer it was pressed for: another answer in view starts as itself.
  const changes = comparable && changesFor === answer;
  const ownRun = !busy && snapshot.variants[snapshot.shown]?.id === run.requestId;
  const [changesModule, setChangesModule] = useState(changesLoaded);
  useEffect(() => {
    if (!comparable || changesModule) return;
    let live = true;
    // A chunk that fails to load leaves the answer in view.
    loadChanges().then(
      (module) => live && setChangesModule(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [comparable, changesModule]);
  // The changes worked out in a task of their own once they can be shown: pressed, it only shows them.
  useEffect(() => {
    if (!comparable || !changesModule) return;
    const timer = setTimeout(() => changesModule.changesOf(selection, answer));
    return () => clearTimeout(timer);
  }, [comparable, changesModule, selection, answer]);
  const AnswerChanges = changes ? changesModule?.default : undefined;
  // The answer gives its place to a list of its changes. A note instead (too long to compare, too many
  // changes) shows under it, by the button pressed, and the answer stays as it is: set aside and shown
  // again, an 80,000-word answer is laid out again, whole (a 77 ms task); one of 2,000 words, in a few ms.
  const setAside = AnswerChanges !== undefined && changesModule!.listsChanges(selection, answer);
  return (
    <div className="ask-ai-card" data-ask-ai-part="answer-card">
      <section
        ref={cardRef}
        className="ask-ai-answer"
        data-ask-ai-part="answer"
        aria-label={m.answer}
        aria-busy={busy}
        data-state={busy ? 'running' : run.status}
      >
        <div className="ask-ai-answer-head">
          <AnswerProvenance snapshot={snapshot} messages={m} />
          <VariantNav snapshot={snapshot} session={session} messages={m} />
        </div>
        {busy && snapshot.answerPending && <RunActivity snapshot={snapshot} messages={m} />}
        {/* Kept, out of view, while its changes show: showing the answer again costs no second render. */}
        {answer !== '' && (
          <div
            className={setAside ? 'ask-ai-set-aside' : snapshot.answerPending ? 'ask-ai-answer-before' : undefined}
            aria-hidden={setAside || snapshot.answerPending || undefined}
            data-ask-ai-part={snapshot.answerPending ? 'answer-before' : 'answer-text'}
          >
            <AnswerView markdown={answer} streaming={running && !snapshot.answerPending} />
          </div>
        )}
        {AnswerChanges && <AnswerChanges id={`${id}-changes`} selection={selection} markdown={answer} messages={m} />}
        {/* Only under the answer the cut run gave: another answer in view was not cut. */}
        {run.answerCut && (running || answer === (run.answer ?? run.partialAnswer)) && (
          <p className="ask-ai-note" data-ask-ai-part="answer-cut">
            {m.answerCut}
          </p>
        )}
        {!busy && answer !== '' && (
          <p className="ask-ai-generated" data-ask-ai-part="ai-note">
            {m.aiGenerated}
          </p>
        )}
      </section>
      {/* What one does with the answer: beside the region, so the region holds the answer alone. */}
      <div className="ask-ai-card-foot">
        {comparable && (
          <button
            type="button"
            className="ask-ai-link-button"
            data-ask-ai-part="show-changes"
            aria-expanded={changes}
            aria-controls={AnswerChanges ? `${id}-changes` : undefined}
            onClick={() => setChangesFor(changes ? null : answer)}
          >
            {m.showChanges}
          </button>
        )}
        {!busy && snapshot.result && <CopyButton result={snapshot.result} onCopy={onCopy} messages={m} />}
        {!busy && run.status === 'done' && snapshot.retry !== 'hidden' && snapshot.result && (
          <button
            type="button"
            className="ask-ai-link-button"
            data-ask-ai-part="retry"
            disabled={snapshot.retry === 'waiting'}
            onClick={session.retry}
          >
            <RegenerateIcon />
            {m.regenerate}
          </button>
        )}
        {!busy && <AnswerFeedback snapshot={snapshot} session={session} messages={m} onFeedback={onFeedback} />}
        {debug && ownRun && <RunDetails snapshot={snapshot} messages={m} />}
      </div>
    </div>
  );
}

/**
 * The run's usage and ids, for whoever asks (support, an operator): collapsed, and formatted only
 * when opened.
 */
function RunDetails({ snapshot: { run }, messages: m }: { snapshot: DialogSnapshot; messages: AskAiMessages }) {
  const [open, setOpen] = useState(false);
  const { usage, runUuid } = run;
  if (!usage && !runUuid) return null;
  return (
    <details
      className="ask-ai-details ask-ai-run-details"
      data-ask-ai-part="usage"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{m.details}</summary>
      {open && (
        <dl>
          {usage && (
            <div>
              <dt>{m.usageLabel}</dt>
              <dd>
                {m.usage(usage.totalTokens)}
                {usage.estimatedCost !== null && ` · ${m.cost(usage.estimatedCost)}`}
              </dd>
            </div>
          )}
          {runUuid && (
            <div>
              <dt>{m.runIdLabel}</dt>
              <dd>
                <bdi>{runUuid}</bdi>
              </dd>
            </div>
          )}
        </dl>
      )}
    </details>
  );
}
