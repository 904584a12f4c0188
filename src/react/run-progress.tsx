import type { RunSnapshot, RunStepView } from '../client';
import type { AskAiMessages } from '../session';

function stepLabel(step: RunStepView, m: AskAiMessages): string {
  if (step.kind === 'tool') return m.stepTool(step.toolName ?? '?');
  if (step.kind === 'llm') return m.stepModel(step.round);
  return m.stepOther(step.kind);
}

const STEP_STATUS = { running: 'stepRunning', done: 'stepDone', failed: 'stepFailed' } as const;

/**
 * The single-task timeline: a progress line from the first moment, and the steps, collapsed by
 * default. Without `delta` events (today's nr-llm) it says the answer is being written.
 */
export function RunProgress({ snapshot, messages: m }: { snapshot: RunSnapshot; messages: AskAiMessages }) {
  const running = snapshot.status === 'running';
  const steps = snapshot.steps.filter((s) => s.kind === 'tool' || s.kind === 'llm');
  if (!running && steps.length === 0) return null;
  return (
    <div className="ask-ai-progress" data-ask-ai-part="progress" data-state={snapshot.status}>
      {running && snapshot.partialAnswer === '' && (
        <p className="ask-ai-working">
          <span className="ask-ai-spinner" aria-hidden="true" />
          {snapshot.steps.length > 0 ? m.writing : m.working}
        </p>
      )}
      {steps.length > 0 && (
        <details className="ask-ai-timeline" data-ask-ai-part="timeline">
          <summary>{m.timeline(steps.length)}</summary>
          <ol>
            {steps.map((step) => (
              <li key={step.id} data-state={step.status} data-kind={step.kind}>
                <span className="ask-ai-step-icon" aria-hidden="true" />
                {stepLabel(step, m)} — {m[STEP_STATUS[step.status]]}
                {step.durationMs !== null && (
                  <span className="ask-ai-duration"> ({Math.round(step.durationMs)} ms)</span>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
