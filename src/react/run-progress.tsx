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

/** Whole seconds since `since` (a clock time, ms), counted up once a second while `active`. */
function useElapsedSeconds(since: number | null, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  const [mounted] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return Math.max(0, Math.floor((now - (since ?? mounted)) / 1000));
}

/**
 * In the answer's place until its first words, one quiet line that says what the task waits for and how
 * long it has: the server has not taken it yet ("Waiting for the server…": a request queued in front of a
 * busy server is not a slow model), the model thinks, or one of the site's tools is at work — in the
 * editor's words where the backend gives them ("Reading the page “Harbour”…"), else by the tool's name;
 * after 15 s without a word, that it still waits.
 */
export function RunActivity({ snapshot, messages: m }: { snapshot: DialogSnapshot; messages: AskAiMessages }) {
  const { run } = snapshot;
  const running = snapshot.status === 'running';
  const tool = running ? run.steps.find((step) => step.kind === 'tool' && step.status === 'running') : undefined;
  const seconds = useElapsedSeconds(running ? run.startedAt : null, true);
  const activity = snapshot.quiet
    ? m.stillWaiting
    : snapshot.status === 'preparing' || !run.accepted
      ? m.waitingForServer
      : tool
        ? (tool.activity ?? m.usingTool(snapshot.toolLabel(tool.toolName ?? '?')))
        : m.thinking;
  return (
    <p className="ask-ai-working" data-ask-ai-part="progress" data-quiet={snapshot.quiet || undefined}>
      <span className="ask-ai-spinner" aria-hidden="true" />
      <span className="ask-ai-activity">{activity}</span>
      {seconds > 0 && (
        <span className="ask-ai-elapsed" data-ask-ai-part="elapsed">
          {m.elapsed(seconds)}
        </span>
      )}
    </p>
  );
}

/**
 * The run's steps, for an administrator's view (`debug`): collapsed, each tool by its label, the model's
 * rounds, how long each took.
 */
export function RunTimeline({ snapshot, messages: m }: { snapshot: DialogSnapshot; messages: AskAiMessages }) {
  const { run } = snapshot;
  const steps = run.steps.filter((s) => s.kind === 'tool' || s.kind === 'llm');
  if (steps.length === 0) return null;
  return (
    <details className="ask-ai-timeline ask-ai-debug" data-ask-ai-part="timeline">
      <summary>{m.timeline(steps.length + run.stepsOmitted)}</summary>
      <ol>
        {steps.map((step) => (
          <li key={step.id} data-state={step.status} data-kind={step.kind}>
            <span className="ask-ai-step-icon" aria-hidden="true">
              {step.status === 'done' ? <CheckIcon /> : step.status === 'failed' ? <FailIcon /> : null}
            </span>
            <bdi>{stepLabel(step, m, snapshot.toolLabel)}</bdi> — {m[STEP_STATUS[step.status]]}
            {step.durationMs !== null && <span className="ask-ai-duration"> ({Math.round(step.durationMs)} ms)</span>}
          </li>
        ))}
        {run.stepsOmitted > 0 && <li data-ask-ai-part="more-steps">{m.moreSteps(run.stepsOmitted)}</li>}
      </ol>
    </details>
  );
}
