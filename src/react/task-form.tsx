import { useId, type KeyboardEvent, type RefObject, memo } from 'react';
import type { AskAiPreset } from '../i18n';
import { presetInstruction, presetPrompt } from '../i18n/presets';
import { RunIcon } from './action-icons';
import { TaskMenu, type TaskMenuProps } from './task-menu';

export interface TaskFormProps extends Pick<
  TaskMenuProps,
  'presets' | 'languages' | 'language' | 'onLanguageChange' | 'tools' | 'toolLabel' | 'messages'
> {
  readonly id: string;
  readonly instruction: string;
  /** The box holds a preset's task, not the editor's words: a preset then runs as it is. */
  readonly instructionFromPreset: boolean;
  readonly onInstructionChange: (value: string, options?: { readonly fromPreset?: boolean }) => void;
  readonly running: boolean;
  /** Run could be used but the backend asks to wait (Retry-After): Run is disabled, its countdown beside. */
  readonly waiting: boolean;
  /** The backend refuses this editor AI tasks (403 on the tool list): every task is disabled. */
  readonly blocked: boolean;
  /** Run was pressed before the tool list arrived: the task waits for it, presets and Run wait too. */
  readonly preparing: boolean;
  /** Another action is the primary one (an answer's Insert or Replace, or Try again): Run is not. */
  readonly secondary: boolean;
  readonly notice: string | null;
  readonly onRun: (prompt: string, options?: { readonly task?: string | number | undefined }) => void;
  readonly onStop: () => void;
  readonly instructionRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The preset tasks and the free instruction. A preset with text in the box sends that text along as
 * extra direction (the box keeps it); with an empty box it runs as it is and shows its instruction.
 */
export const TaskForm = memo(function TaskForm(props: TaskFormProps) {
  const { presets, languages, language, tools, instruction, notice, instructionRef, messages: m } = props;
  // A task runs or waits for the tool list, or none may run: presets and Run wait.
  const busy = props.running || props.preparing || props.blocked;
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter runs; Shift+Enter is a new line; an IME composition keeps its Enter.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy && !props.waiting) props.onRun(instruction);
  };
  const runPreset = (preset: AskAiPreset) => {
    const task = presetPrompt(preset, language);
    const typed = props.instructionFromPreset ? '' : instruction;
    if (typed.trim() === '') props.onInstructionChange(task, { fromPreset: true });
    props.onRun(presetInstruction(task, typed, m.extraDirection), { task: preset.task });
  };
  return (
    <form
      id={props.id}
      className="ask-ai-form"
      data-ask-ai-part="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (props.running) props.onStop();
        else if (!busy && !props.waiting) props.onRun(instruction);
      }}
    >
      <TaskMenu
        presets={presets}
        languages={languages}
        language={language}
        onLanguageChange={props.onLanguageChange}
        tools={tools}
        toolLabel={props.toolLabel}
        disabled={busy}
        onRun={runPreset}
        messages={m}
      />
      <label className="ask-ai-label" htmlFor={`${id}-instruction`}>
        {m.instruction}
      </label>
      <textarea
        id={`${id}-instruction`}
        ref={instructionRef}
        className="ask-ai-instruction"
        rows={3}
        value={instruction}
        placeholder={m.instructionPlaceholder}
        disabled={props.blocked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onInstructionChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="ask-ai-run-row">
        <p id={`${id}-hint`} className="ask-ai-hint">
          {m.instructionHint}
        </p>
        {/* While a task runs, Stop (in the footer, where it stays put) takes Run's place. */}
        {!props.running && (
          <button
            type="submit"
            className={props.secondary ? 'ask-ai-button ask-ai-run' : 'ask-ai-button ask-ai-primary ask-ai-run'}
            data-ask-ai-part="run"
            data-state={props.preparing ? 'preparing' : 'idle'}
            aria-disabled={props.preparing || undefined}
            disabled={props.waiting || props.blocked}
            aria-describedby={props.waiting ? `${props.id}-countdown` : undefined}
          >
            <RunIcon />
            {m.run}
          </button>
        )}
      </div>
      {notice && (
        <p className="ask-ai-note" role="alert">
          {notice}
        </p>
      )}
    </form>
  );
});
