import { useId, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { AskAiMessages } from '../i18n';
import type { TaskOption } from '../session/task-choice';
import { SendIcon } from './action-icons';

type TaskEntry = Extract<TaskOption, { type: 'task' }>;

export interface PromptBoxProps {
  readonly instructionRef: RefObject<HTMLTextAreaElement | null>;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** `task`: the box takes an instruction and filters the list under it; `refine`: it refines the answer. */
  readonly mode: 'task' | 'refine';
  /** The list under the box (empty in `refine` mode). */
  readonly options: readonly TaskOption[];
  /** A task's visible name (a translation's with its target). */
  readonly labelOf: (option: TaskEntry) => string;
  /** Where the full list files a task, by its group (`edit`, `write`, a host's, `` for "More"). */
  readonly groupName: (group: string) => string;
  /** The list shows the suggestions, or every task (`all`, with a heading opened). */
  readonly view: 'suggested' | 'all' | 'tone' | 'translate';
  readonly onViewChange: (view: 'suggested' | 'all' | 'tone' | 'translate') => void;
  readonly onRunTask: (option: TaskEntry) => void;
  /** Sends the typed words: an instruction, or a refinement of the answer in view. */
  readonly onSubmit: (text: string) => void;
  /** A task runs or waits: nothing more can start (typing goes on). */
  readonly busy: boolean;
  /** Nothing can run at all (the backend refused this editor AI tasks). */
  readonly blocked: boolean;
  /** The backend asks to wait (`Retry-After`): nothing is sent until then. */
  readonly waiting: boolean;
  /** A note under the box (an empty instruction). */
  readonly notice: string | null;
  /** How a tool is named to the editor (a task that needs one says which). */
  readonly toolLabel: (name: string) => string;
  readonly messages: AskAiMessages;
}

/**
 * One prompt for everything the editor asks: typed words are an instruction and, at the same time, narrow
 * the task list under the box to the tasks whose names match. ↑/↓ pick a task in the list (the box keeps
 * the focus: `aria-activedescendant`), Enter runs the picked task, or else sends the words. A picked task
 * runs alone: what was typed was its filter, never sent with it. With an answer in view the same box
 * refines that answer, and the list is gone.
 */
export function PromptBox({ instructionRef, ...props }: PromptBoxProps) {
  const { value, options, messages: m, mode } = props;
  const id = useId();
  const [active, setActive] = useState<string | null>(null);
  const listId = `${id}-tasks`;
  const optionId = (key: string) => `${id}-option-${key.replace(/[^\w-]/g, '_')}`;
  const selectable = options.filter((option) => option.type !== 'task' || option.blocked === null);
  const activeOption = options.find((option) => option.key === active && selectable.includes(option)) ?? null;
  const typed = value.trim() !== '';
  const canSend = !props.busy && !props.blocked && !props.waiting;
  const keepsEscape = activeOption !== null || props.view !== 'suggested';

  const choose = (option: TaskOption) => {
    if (!canSend) return;
    if (option.type === 'more') props.onViewChange('all');
    else if (option.type === 'expand') props.onViewChange(props.view === option.what ? 'all' : option.what);
    else if (option.blocked === null) props.onRunTask(option);
    // A heading opened or closed keeps the place in the list; a task that ran leaves nothing picked.
    if (option.type === 'task') setActive(null);
  };

  const move = (step: 1 | -1) => {
    if (selectable.length === 0) return;
    const at = activeOption ? selectable.indexOf(activeOption) : step === 1 ? -1 : selectable.length;
    const next = selectable[(at + step + selectable.length) % selectable.length];
    setActive(next?.key ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (mode === 'task' && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      // In a box of several lines the arrows move the caret: the list takes them from its first or last line.
      const box = event.currentTarget;
      const caretOnEdge =
        event.key === 'ArrowDown'
          ? !box.value.slice(box.selectionEnd).includes('\n')
          : !box.value.slice(0, box.selectionStart).includes('\n');
      if (!caretOnEdge && activeOption === null) return;
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    if (event.key === 'Escape' && keepsEscape) {
      // The dialog leaves this Esc to the box (`data-ask-ai-keeps-escape`): first the pick goes, then the full list.
      event.preventDefault();
      if (activeOption) setActive(null);
      else props.onViewChange('suggested');
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (activeOption) choose(activeOption);
    else if (canSend) props.onSubmit(value);
  };

  const tasks = options.filter((o) => o.type === 'task');
  const onlyBlocked = tasks.length > 0 && tasks.every((o) => o.blocked === 'needsText');
  const needsText = options.some((o) => o.type === 'task' && o.blocked === 'needsText');
  // While a task runs there is no list to match (the words went out with it).
  const noMatch = mode === 'task' && typed && !props.busy && options.length === 0;

  return (
    <div className="ask-ai-prompt" data-ask-ai-part="prompt" data-mode={mode}>
      <div className="ask-ai-prompt-box">
        <textarea
          ref={instructionRef}
          className="ask-ai-instruction"
          data-ask-ai-part="instruction"
          aria-label={m.instruction}
          rows={mode === 'refine' ? 1 : 2}
          value={value}
          placeholder={mode === 'refine' ? m.refinePlaceholder : m.instructionPlaceholder}
          disabled={props.blocked}
          aria-autocomplete={mode === 'task' ? 'list' : undefined}
          aria-controls={mode === 'task' && options.length > 0 ? listId : undefined}
          aria-activedescendant={activeOption ? optionId(activeOption.key) : undefined}
          aria-describedby={props.notice ? `${id}-notice` : undefined}
          data-ask-ai-keeps-escape={keepsEscape || undefined}
          enterKeyHint="send"
          onChange={(event) => {
            props.onChange(event.target.value);
            // Typing narrows the list; it picks nothing (Enter then sends what was typed).
            setActive(null);
          }}
          onKeyDown={onKeyDown}
        />
        {typed && (
          <button
            type="button"
            className="ask-ai-icon-button ask-ai-send"
            data-ask-ai-part="send"
            aria-label={m.send}
            disabled={!canSend}
            onClick={() => props.onSubmit(value)}
          >
            <SendIcon />
          </button>
        )}
      </div>
      {props.notice && (
        <p id={`${id}-notice`} className="ask-ai-note" role="alert">
          {props.notice}
        </p>
      )}
      {mode === 'task' && options.length > 0 && (
        <TaskList {...props} listId={listId} optionId={optionId} active={activeOption?.key ?? null} onChoose={choose} />
      )}
      {mode === 'task' && (onlyBlocked || (needsText && props.view !== 'suggested')) && (
        <p className="ask-ai-note" data-ask-ai-part="needs-text">
          {m.tasksNeedText}
        </p>
      )}
      {noMatch && (
        <p className="ask-ai-note" data-ask-ai-part="no-match">
          {m.noTaskMatches}
        </p>
      )}
    </div>
  );
}

type ListProps = Omit<PromptBoxProps, 'instructionRef'>;

function TaskList(
  props: ListProps & {
    listId: string;
    optionId: (key: string) => string;
    active: string | null;
    onChoose: (option: TaskOption) => void;
  },
) {
  const { options, messages: m, view } = props;
  const rows: ReactNode[] = [];
  let group: string | null = null;
  let groupRows: ReactNode[] = [];
  const flush = () => {
    if (group === null) return;
    const headingId = `${props.listId}-group-${group || 'more'}`;
    rows.push(
      <div key={`group-${group}`} role="group" aria-label={props.groupName(group)} className="ask-ai-task-group">
        <div id={headingId} aria-hidden="true" className="ask-ai-task-group-label">
          {props.groupName(group)}
        </div>
        {groupRows}
      </div>,
    );
    groupRows = [];
  };
  for (const option of options) {
    const row = <TaskRow key={option.key} {...props} option={option} />;
    if (view === 'suggested' || option.type === 'more') {
      rows.push(row);
      continue;
    }
    const of = option.group;
    if (of !== group) {
      flush();
      group = of;
    }
    groupRows.push(row);
  }
  flush();
  return (
    <div
      id={props.listId}
      role="listbox"
      aria-label={m.tasks}
      className="ask-ai-task-list"
      data-ask-ai-part="tasks"
      data-view={view}
      // The prompt keeps the focus: a press on a task must not take it away.
      onMouseDown={(event) => event.preventDefault()}
    >
      {rows}
    </div>
  );
}

function TaskRow(
  props: ListProps & {
    option: TaskOption;
    optionId: (key: string) => string;
    active: string | null;
    onChoose: (option: TaskOption) => void;
  },
) {
  const { option, messages: m } = props;
  const id = props.optionId(option.key);
  // Nothing opens or runs while a task runs, without permission, or while the backend asks to wait: the
  // headings ("More tasks", the tones) are as disabled as the tasks under them.
  const disabled = (option.type === 'task' && option.blocked !== null) || props.busy || props.blocked || props.waiting;
  const label =
    option.type === 'more'
      ? m.moreTasks
      : option.type === 'expand'
        ? option.what === 'tone'
          ? m.changeTone
          : option.preset.label
        : props.labelOf(option);
  const why =
    option.type === 'task' && option.blocked === 'needsTools'
      ? m.presetNeedsTool(option.missingTools.map(props.toolLabel).join(', '))
      : null;
  return (
    <div
      id={id}
      role="option"
      className="ask-ai-task"
      data-ask-ai-part={option.type === 'task' ? 'task' : option.type}
      data-task={option.type === 'task' ? option.preset.id : undefined}
      data-under={(option.type === 'task' && props.view !== 'suggested' && option.under) || undefined}
      aria-labelledby={`${id}-label`}
      aria-selected={props.active === option.key}
      aria-disabled={disabled || undefined}
      aria-describedby={why ? `${id}-why` : undefined}
      onClick={() => !disabled && props.onChoose(option)}
    >
      <span id={`${id}-label`} className="ask-ai-task-label">
        {label}
      </span>
      {option.type !== 'task' && (
        <span className="ask-ai-task-more" aria-hidden="true">
          {option.type === 'expand' && props.view === option.what ? '▾' : '›'}
        </span>
      )}
      {why && (
        <span id={`${id}-why`} className="ask-ai-task-why">
          {why}
        </span>
      )}
    </div>
  );
}
