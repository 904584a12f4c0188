import { useId, type KeyboardEvent, type RefObject, memo } from 'react';
import type { OfferableTools } from '../client';
import type { AskAiMessages, AskAiPreset, ToolLabel } from '../session';
import { presetInstruction, presetPrompt } from '../session/presets';
import { RunIcon } from './action-icons';
import { TaskMenu } from './task-menu';

export interface TaskFormProps {
  readonly id: string;
  readonly presets: readonly AskAiPreset[];
  readonly languages: readonly string[];
  readonly language: string;
  readonly onLanguageChange: (language: string) => void;
  readonly tools: OfferableTools | undefined;
  readonly toolLabel: ToolLabel;
  readonly instruction: string;
  /** The box holds a preset's task, not the editor's words: a preset then runs as it is. */
  readonly instructionFromPreset: boolean;
  readonly onInstructionChange: (value: string, options?: { readonly fromPreset?: boolean }) => void;
  /** A task runs or waits for the tool list: presets and Run wait too. */
  readonly busy: boolean;
  readonly running: boolean;
  /** Run could be used but the backend asks to wait (Retry-After): Run is disabled, its countdown beside. */
  readonly waiting: boolean;
  /** The backend refuses this editor AI tasks (or the session is gone): every task is disabled. */
  readonly blocked: boolean;
  /** Run is being prepared (the tool list is still loading): pressed, it waits for it. */
  readonly preparing: boolean;
  /** An answer is in view: its apply action is the primary one, not Run. */
  readonly answered: boolean;
  readonly notice: string | null;
  readonly onRun: (prompt: string, options?: { readonly task?: string | number | undefined }) => void;
  readonly onStop: () => void;
  readonly instructionRef: RefObject<HTMLTextAreaElement | null>;
  readonly messages: AskAiMessages;
}

/**
 * The preset tasks and the free instruction. A preset with text in the box sends that text along as
 * extra direction (the box keeps it); with an empty box it runs as it is and shows its instruction.
 */
export const TaskForm = memo(function TaskForm(props: TaskFormProps) {
  const { presets, languages, language, tools, instruction, notice, instructionRef, messages: m } = props;
  const busy = props.busy || props.blocked;
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
            className={props.answered ? 'ask-ai-button ask-ai-run' : 'ask-ai-button ask-ai-primary ask-ai-run'}
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
