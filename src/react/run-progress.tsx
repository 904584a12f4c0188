import { useEffect, useState } from 'react';
import type { RunStepView } from '../client';
import type { DialogSnapshot, ToolLabel } from '../session';
import type { AskAiMessages } from '../i18n';
import { CheckIcon, FailIcon } from './action-icons';

function stepLabel(step: RunStepView, m: AskAiMessages, labelOf: ToolLabel): string {
  if (step.kind === 'tool') return m.stepTool(labelOf(step.toolName ?? '?'));
  if (step.kind === 'llm') return m.stepModel(step.round);
  return m.stepOther(step.kind);
}

const STEP_STATUS = { running: 'stepRunning', done: 'stepDone', failed: 'stepFailed' } as const;

/** The seconds since it mounted, ticking once a second: keyed per run, it starts at 0 for each. */
function Elapsed({ format }: { format: (seconds: number) => string }) {
  const [started] = useState(() => Date.now());
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [started]);
  return (
    <span className="ask-ai-elapsed" data-ask-ai-part="elapsed">
      {format(seconds)}
    </span>
  );
}

/**
 * The activity indicator, from the moment a task is asked for until the run ends, with the time it
 * has taken and, after 15 s without a word from the backend, that it is still waiting; and the
 * single-task timeline, collapsed by default, naming each tool by its label.
 */
export function RunProgress({ snapshot, messages: m }: { snapshot: DialogSnapshot; messages: AskAiMessages }) {
  const { status, run } = snapshot;
  const busy = status === 'running' || status === 'preparing';
  const steps = run.steps.filter((s) => s.kind === 'tool' || s.kind === 'llm');
  if (!busy && steps.length === 0) return null;
  const activity = snapshot.quiet
    ? m.stillWaiting
    : run.partialAnswer !== '' || run.steps.length > 0
      ? m.writing
      : m.working;
  return (
    <div
      className="ask-ai-progress"
      data-ask-ai-part="progress"
      data-state={status}
      data-quiet={snapshot.quiet || undefined}
    >
      {busy && (
        <p className="ask-ai-working">
          <span className="ask-ai-spinner" aria-hidden="true" />
          <span>{activity}</span>
          <Elapsed key={run.requestId ?? 'preparing'} format={m.elapsed} />
        </p>
      )}
      {steps.length > 0 && (
        <details className="ask-ai-timeline" data-ask-ai-part="timeline">
          <summary>{m.timeline(steps.length + run.stepsOmitted)}</summary>
          <ol>
            {steps.map((step) => (
              <li key={step.id} data-state={step.status} data-kind={step.kind}>
                <span className="ask-ai-step-icon" aria-hidden="true">
                  {step.status === 'done' ? <CheckIcon /> : step.status === 'failed' ? <FailIcon /> : null}
                </span>
                <bdi>{stepLabel(step, m, snapshot.toolLabel)}</bdi> — {m[STEP_STATUS[step.status]]}
                {step.durationMs !== null && (
                  <span className="ask-ai-duration"> ({Math.round(step.durationMs)} ms)</span>
                )}
              </li>
            ))}
            {run.stepsOmitted > 0 && <li data-ask-ai-part="more-steps">{m.moreSteps(run.stepsOmitted)}</li>}
          </ol>
        </details>
      )}
    </div>
  );
}
