import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { AskAiFailure, RunContext } from '../client';
import type { RunImage } from '../contract/run-request';
import type { AppliedAs, DialogSession, DialogSnapshot } from '../session';
import type { AskAiMessages, AskAiPreset } from '../i18n';
import { languageName } from '../i18n/languages';
import { localize } from '../i18n/messages';
import { presetPrompt, SUGGESTED_TASKS } from '../i18n/presets';
import { taskOptions, taskSubject, toolsFor, type TaskOption } from '../session/task-choice';
import type { AnswerHandler, ApplyRefusal } from '../editors/apply';
import { ActionBar } from './action-bar';
import { AnswerCard } from './answer-card';
import type { FeedbackHandler } from '../editors/dialog-settings';
import { ContextSummary } from './context-summary';
import { OutcomeNotice } from './outcome-notice';
import { PromptBox } from './prompt-box';
import { RunTimeline } from './run-progress';
import { SelectionQuote } from './selection-quote';
import { ImagePreview, imageToShow, type ShownImage } from './image-preview';
import { FollowUps } from './follow-ups';
import { ToolDisclosure, ToolsNotice } from './tool-disclosure';
import { useFollowScroll } from './use-follow-scroll';
import { useKeepFocus } from './use-keep-focus';

export interface DialogContentProps {
  readonly session: DialogSession;
  readonly snapshot: DialogSnapshot;
  readonly messages: AskAiMessages;
  /** The dialog's language: names the translation targets. */
  readonly locale: string;
  readonly presets: readonly AskAiPreset[];
  /** The translation targets, the default first. */
  readonly languages: readonly string[];
  /** The site's languages as the host names them: "In <language>" under an answer offers the other one. */
  readonly siteLanguages: readonly string[];
  readonly subject: 'text' | 'image';
  /** The image an alt text is written from (with `subject: 'image'`). */
  readonly image: RunImage | undefined;
  /** How that image is shown (a thumbnail and its name), where the host says. */
  readonly imagePreview: ShownImage | undefined;
  /** Tools, steps, usage and run ids in view (an administrator's view). */
  readonly debug: boolean;
  /** The dialog does not sit beside the held selection (no room): it quotes the selected text instead. */
  readonly quoteSelection: boolean;
  readonly descriptionId: string;
  readonly formId: string;
  readonly instructionRef: RefObject<HTMLTextAreaElement | null>;
  /** Where focus goes on open where a soft keyboard would cover the dialog: the frame, not the prompt. */
  readonly focusPrompt: boolean;
  readonly onInsert: AnswerHandler | undefined;
  readonly onReplace: AnswerHandler | undefined;
  readonly onCopy: AnswerHandler | undefined;
  readonly onApply: (as: AppliedAs, handler: AnswerHandler) => Promise<ApplyRefusal | null>;
  readonly onFeedback: FeedbackHandler | undefined;
  /** The host's login page: "session expired" links to it (in a new tab, so nothing here is lost). */
  readonly loginUrl?: string | undefined;
  readonly children?: ReactNode;
}

type TaskEntry = Extract<TaskOption, { type: 'task' }>;
type ListView = 'suggested' | 'all' | 'tone' | 'translate';

const loginFor = (failure: AskAiFailure | null, loginUrl: string | undefined) =>
  failure?.kind === 'sessionExpired' ? loginUrl : undefined;

/**
 * The open dialog's body and action bar: what goes with the task (one line), the answer card, the one
 * prompt (instruction, task filter, refinement) with its task list, what the end of a run says, and the
 * actions. It loads as its own chunk, fetched when the trigger mounts.
 */
export default function DialogContent(props: DialogContentProps) {
  const { session, snapshot, messages: m, instructionRef } = props;
  const { status, run, tools } = snapshot;
  const running = status === 'running';
  const busy = running || status === 'preparing';
  const [view, setView] = useState<ListView>('suggested');
  // What the prompt holds, kept here as typed: the session hears of it a microtask later, and the list and
  // the keys (↓ right after a letter) must see each letter at once. The session's own changes (emptied
  // after an answer, at open) come back here.
  const [typed, setTyped] = useState(snapshot.instruction);
  const [heard, setHeard] = useState(snapshot.instruction);
  if (snapshot.instruction !== heard) {
    setHeard(snapshot.instruction);
    setTyped(snapshot.instruction);
  }
  const type = (value: string) => {
    setTyped(value);
    session.setInstruction(value);
  };
  const answerRef = useRef<HTMLElement>(null);
  const bodyRef = useFollowScroll(answerRef, snapshot.answer, running, run.requestId);
  useKeepFocus(instructionRef, busy, status);
  useAcceptKey(instructionRef, snapshot);
  useFocusOnAnswer(instructionRef, snapshot);
  // Without permission no task can run: one alert says so, and every task is disabled. (An expired
  // session is not that: the editor logs in again and the same task runs.)
  const blocked = tools.status === 'error' && tools.failure?.kind === 'forbidden';
  const subject = taskSubject(snapshot.context.value as RunContext | undefined, props.subject === 'image');
  const inView = snapshot.variants[snapshot.shown];
  const mode = inView ? 'refine' : 'task';
  const labelOf = (option: TaskEntry) =>
    option.language !== undefined ? m.translateInto(languageName(option.language, props.locale)) : option.preset.label;
  const options =
    mode === 'task' && !busy
      ? taskOptions({
          presets: props.presets,
          languages: props.languages,
          subject,
          tools: tools.data,
          query: typed,
          view,
          suggested: SUGGESTED_TASKS,
          label: (preset, language) =>
            language !== undefined ? m.translateInto(languageName(language, props.locale)) : preset.label,
        })
      : [];

  // Should the chunk arrive after the dialog opened, the prompt still gets the focus.
  useEffect(() => {
    const prompt = instructionRef.current;
    if (!prompt || !props.focusPrompt) return;
    const root = prompt.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    if (!active || !prompt.closest('dialog')?.querySelector('.ask-ai-body')?.contains(active)) prompt.focus();
  }, [instructionRef, props.focusPrompt]);

  const runTask = (option: TaskEntry) => {
    // What was typed picked the task: it was a filter, and is not sent with it.
    type('');
    setView('suggested');
    session.start(presetPrompt(option.preset, option.language ?? ''), {
      task: option.preset.task,
      tools: toolsFor(option.preset),
      label: labelOf(option),
      image: option.preset.subject === 'image' ? props.image : undefined,
      use: option.preset.use,
      preset: option.preset.id,
    });
  };
  const submit = (text: string) => {
    if (mode === 'refine') session.refine(text);
    else session.start(text, { tools: toolsFor(null) });
  };
  const groupName = (group: string) =>
    group === 'edit' ? m.groupEdit : group === 'write' ? m.groupWrite : group === '' ? m.groupMore : group;
  const showEarlier = !busy && snapshot.earlier > 0;
  const held = (snapshot.context.value as { selection?: unknown } | undefined)?.selection;
  const quoted = props.quoteSelection && subject === 'selection' && typeof held === 'string' ? held : '';
  const shownImage = subject === 'image' ? imageToShow(props.imagePreview, props.image) : null;
  const toolsNotice = props.debug || tools.failure?.kind === 'forbidden' || tools.failure?.kind === 'sessionExpired';

  return (
    <>
      <div ref={bodyRef} className="ask-ai-body" data-ask-ai-part="body" data-tools={tools.status}>
        {toolsNotice && (
          <ToolsNotice tools={tools} onRetry={session.reloadTools} loginUrl={props.loginUrl} messages={m} />
        )}
        <ContextSummary id={props.descriptionId} context={snapshot.context} subject={subject} messages={m} />
        {quoted !== '' && <SelectionQuote text={quoted} messages={m} />}
        {shownImage && <ImagePreview image={shownImage} />}
        {showEarlier && (
          <button
            type="button"
            className="ask-ai-link-button ask-ai-earlier"
            data-ask-ai-part="show-earlier"
            onClick={session.showEarlier}
          >
            {m.showEarlier(snapshot.earlier)}
          </button>
        )}
        {(snapshot.answer !== '' || busy) && (
          <AnswerCard
            snapshot={snapshot}
            session={session}
            messages={m}
            cardRef={answerRef}
            onCopy={props.onCopy}
            onFeedback={props.onFeedback}
            debug={props.debug}
          />
        )}
        {snapshot.answer !== '' && (
          <FollowUps
            snapshot={snapshot}
            session={session}
            locale={props.locale === 'de' ? 'de' : 'en'}
            siteLanguages={props.siteLanguages}
            messages={m}
          />
        )}
        {/* A finished answer says so itself (the card, the announcement): no "Done." of its own. */}
        {snapshot.outcome && run.status !== 'done' && (
          <OutcomeNotice outcome={snapshot.outcome} loginUrl={loginFor(run.failure, props.loginUrl)} messages={m} />
        )}
        <PromptBox
          instructionRef={instructionRef}
          value={typed}
          onChange={type}
          mode={mode}
          options={options}
          labelOf={labelOf}
          groupName={groupName}
          view={view}
          onViewChange={setView}
          onRunTask={runTask}
          onSubmit={submit}
          busy={busy}
          blocked={blocked}
          waiting={snapshot.retry === 'waiting'}
          notice={snapshot.notice ? localize(snapshot.notice, m) : null}
          toolLabel={snapshot.toolLabel}
          messages={m}
        />
        {props.debug && <RunTimeline snapshot={snapshot} messages={m} />}
        {props.debug && <ToolDisclosure tools={tools} messages={m} />}
        {props.children}
      </div>
      <ActionBar
        snapshot={snapshot}
        formId={props.formId}
        subject={subject === 'image' ? 'image' : 'text'}
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

/** The primary action of the footer, when it can be pressed. */
function primaryButton(anchor: HTMLElement | null): HTMLButtonElement | null {
  return (
    anchor
      ?.closest('dialog')
      ?.querySelector<HTMLButtonElement>('[data-ask-ai-part="actions"] .ask-ai-primary:not(:disabled)') ?? null
  );
}

/**
 * Ctrl+Enter (⌘+Enter) accepts the answer in view from anywhere in the dialog: the footer's primary
 * action, as a click on it.
 */
function useAcceptKey(anchor: RefObject<HTMLElement | null>, snapshot: DialogSnapshot) {
  const ready = snapshot.result !== null && snapshot.status !== 'running' && snapshot.status !== 'preparing';
  useEffect(() => {
    const dialog = anchor.current?.closest('dialog');
    if (!dialog || !ready) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
      const primary = primaryButton(anchor.current);
      if (!primary || primary.dataset.askAiPart === 'retry') return;
      event.preventDefault();
      primary.click();
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, [anchor, ready]);
}

/**
 * The end of a run takes the focus to what comes next: a new answer to the action that uses it (Replace
 * selection, Insert: Enter then takes it), a failure to Try again. Only a run's own end: a variant shown
 * again, or an answer in view at open, leaves the focus be — as does an editor writing new words.
 */
function useFocusOnAnswer(anchor: RefObject<HTMLElement | null>, snapshot: DialogSnapshot) {
  const { run } = snapshot;
  const shownId = snapshot.variants[snapshot.shown]?.id ?? null;
  const answered = shownId !== null && shownId === run.requestId && run.status === 'done';
  const failed = (run.status === 'failed' || run.status === 'suspended') && snapshot.retry === 'ready';
  const end = answered || failed ? `${run.requestId}:${run.status}` : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (end === null || seen.current === end) return;
    seen.current = end;
    const dialog = anchor.current?.closest('dialog');
    const target = failed
      ? (dialog?.querySelector<HTMLButtonElement>(
          '[data-ask-ai-part="actions"] [data-ask-ai-part="retry"]:not(:disabled)',
        ) ?? null)
      : primaryButton(anchor.current);
    const root = dialog?.getRootNode() as Document | ShadowRoot | undefined;
    const active = root?.activeElement;
    // Words of the editor's own, other than the ones that ran, are being written: the focus stays with them.
    const writing =
      active instanceof HTMLTextAreaElement && active.value.trim() !== '' && active.value.trim() !== run.prompt.trim();
    if (target && dialog && !writing && (!active || active === dialog.ownerDocument.body || dialog.contains(active))) {
      target.focus();
    }
  }, [anchor, end, failed, run.prompt]);
}
