import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { AppliedAs, DialogSession, DialogSnapshot } from '../session';
import type { AskAiMessages, AskAiPreset } from '../i18n';
import { localize } from '../i18n/messages';
import { ActionBar, offersTryAgain } from './action-bar';
import type { AnswerHandler, ApplyRefusal } from '../editors/apply';
import { AnswerCard } from './answer-card';
import { AnswerWorkflow, type FeedbackHandler } from './answer-workflow';
import { ContextSummary } from './context-summary';
import { OutcomeNotice } from './outcome-notice';
import { RunProgress } from './run-progress';
import { TaskForm } from './task-form';
import { ToolDisclosure, ToolsNotice } from './tool-disclosure';
import { useFollowScroll } from './use-follow-scroll';
import { useKeepFocus } from './use-keep-focus';
import type { AskAiFailure } from '../client';

export interface DialogContentProps {
  readonly session: DialogSession;
  readonly snapshot: DialogSnapshot;
  readonly messages: AskAiMessages;
  readonly presets: readonly AskAiPreset[];
  readonly languages: readonly string[];
  readonly descriptionId: string;
  readonly formId: string;
  readonly instructionRef: RefObject<HTMLTextAreaElement | null>;
  readonly onInsert: AnswerHandler | undefined;
  readonly onReplace: AnswerHandler | undefined;
  readonly onCopy: AnswerHandler | undefined;
  readonly onApply: (as: AppliedAs, handler: AnswerHandler) => Promise<ApplyRefusal | null>;
  readonly onFeedback: FeedbackHandler | undefined;
  /** The host's login page: "session expired" links to it (in a new tab, so nothing here is lost). */
  readonly loginUrl?: string | undefined;
  readonly children?: ReactNode;
}

const loginFor = (failure: AskAiFailure | null, loginUrl: string | undefined) =>
  failure?.kind === 'sessionExpired' ? loginUrl : undefined;

/**
 * The open dialog's body and action bar. It loads as its own chunk, fetched when the dialog mounts,
 * so the eager entry holds only the trigger, the frame and the session.
 */
export default function DialogContent(props: DialogContentProps) {
  const { session, snapshot, messages: m, presets, languages, instructionRef } = props;
  const { status, run, tools } = snapshot;
  const running = status === 'running';
  const [language, setLanguage] = useState(languages[0] ?? '');
  const shownAnswer = snapshot.answer;
  const answerRef = useRef<HTMLElement>(null);
  const bodyRef = useFollowScroll(answerRef, shownAnswer, running, run.requestId);
  useKeepFocus(instructionRef, running, status);
  // Without permission no task can run: one alert says so, and every task is disabled. (An expired
  // session is not that: the editor logs in again and the same task runs.)
  const blocked = tools.status === 'error' && tools.failure?.kind === 'forbidden';

  // Should the chunk arrive after the dialog opened, the instruction still gets the focus.
  useEffect(() => {
    const instruction = instructionRef.current;
    if (!instruction) return;
    const root = instruction.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    if (!active || !instruction.closest('dialog')?.querySelector('.ask-ai-body')?.contains(active)) instruction.focus();
  }, [instructionRef]);

  return (
    <>
      <div ref={bodyRef} className="ask-ai-body" data-ask-ai-part="body">
        <ToolsNotice tools={tools} onRetry={session.reloadTools} loginUrl={props.loginUrl} messages={m} />
        <p id={props.descriptionId} className="ask-ai-description">
          {m.description}
        </p>
        {/* What the task works on, at the top: the selection stays in view while the editor works. */}
        <ContextSummary context={snapshot.context} messages={m} />
        <TaskForm
          id={props.formId}
          presets={presets}
          languages={languages}
          language={language}
          onLanguageChange={setLanguage}
          tools={tools.data}
          toolLabel={snapshot.toolLabel}
          instruction={snapshot.instruction}
          instructionFromPreset={snapshot.instructionFromPreset}
          onInstructionChange={session.setInstruction}
          running={running}
          preparing={status === 'preparing'}
          waiting={snapshot.retry === 'waiting'}
          blocked={blocked}
          secondary={!running && (snapshot.result !== null || offersTryAgain(snapshot))}
          notice={snapshot.notice ? localize(snapshot.notice, m) : null}
          onRun={session.start}
          onStop={session.stop}
          instructionRef={instructionRef}
          messages={m}
        />
        <RunProgress snapshot={snapshot} messages={m} />
        {/* A finished answer says so itself (the card, the announcement): no "Done." of its own. */}
        {snapshot.outcome && !(run.status === 'done' && shownAnswer !== '') && (
          <OutcomeNotice outcome={snapshot.outcome} loginUrl={loginFor(run.failure, props.loginUrl)} messages={m} />
        )}
        {shownAnswer !== '' && (
          <AnswerCard snapshot={snapshot} session={session} messages={m} cardRef={answerRef} onCopy={props.onCopy} />
        )}
        {!running && (
          <AnswerWorkflow snapshot={snapshot} session={session} messages={m} onFeedback={props.onFeedback} />
        )}
        <ToolDisclosure tools={tools} messages={m} />
        {props.children}
      </div>
      <ActionBar
        snapshot={snapshot}
        formId={props.formId}
        primary={primaryAction(snapshot, presets, language)}
        onInsert={props.onInsert}
        onReplace={props.onReplace}
        onApply={props.onApply}
        onStop={session.stop}
        onRetry={session.retry}
        messages={m}
      />
    </>
  );
}

/**
 * The action that fits the answer in view: "Replace selection" after a rewriting task (shorten, improve,
 * translate) where there is a selection to replace; else Insert.
 */
function primaryAction(snapshot: DialogSnapshot, presets: readonly AskAiPreset[], language: string): AppliedAs {
  const instruction = snapshot.variants[snapshot.shown]?.result.meta.instruction;
  if (!instruction || !snapshot.canReplace) return 'insert';
  const rewrites = presets.some(
    (preset) =>
      preset.rewrites === true &&
      (typeof preset.prompt === 'string' ? preset.prompt : preset.prompt({ language })) === instruction,
  );
  return rewrites ? 'replace' : 'insert';
}
