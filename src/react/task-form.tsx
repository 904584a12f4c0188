import { useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { OfferableTools } from '../client';
import { missingTools, presetPrompt, type AskAiMessages, type AskAiPreset } from '../session';

export interface TaskFormProps {
  readonly presets: readonly AskAiPreset[];
  readonly languages: readonly string[];
  readonly language: string;
  readonly onLanguageChange: (language: string) => void;
  readonly tools: OfferableTools | undefined;
  readonly instruction: string;
  readonly onInstructionChange: (value: string) => void;
  readonly running: boolean;
  /** The task waits for the tool list before it starts. */
  readonly preparing: boolean;
  readonly notice: string | null;
  readonly onRun: (prompt: string) => void;
  readonly onStop: () => void;
  readonly instructionRef: RefObject<HTMLTextAreaElement | null>;
  readonly messages: AskAiMessages;
}

/** The preset tasks, the free instruction, and Run (Stop while a task runs). */
export function TaskForm(props: TaskFormProps) {
  const {
    presets,
    languages,
    language,
    tools,
    instruction,
    running,
    preparing,
    notice,
    instructionRef,
    messages: m,
  } = props;
  const id = useId();
  const runButton = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter runs; Shift+Enter is a new line; an IME composition keeps its Enter.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!running && !preparing) props.onRun(instruction);
  };
  return (
    <form
      className="ask-ai-form"
      data-ask-ai-part="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (running) props.onStop();
        else if (!preparing) props.onRun(instruction);
      }}
    >
      <div className="ask-ai-presets" role="group" aria-label={m.presets} data-ask-ai-part="presets">
        {presets.map((preset) => {
          const missing = missingTools(preset, tools);
          const whyId = `${id}-why-${preset.id}`;
          return (
            <span key={preset.id} className="ask-ai-preset" data-disabled={missing.length > 0 || undefined}>
              <button
                type="button"
                className="ask-ai-chip"
                disabled={running || preparing || missing.length > 0}
                aria-describedby={missing.length > 0 ? whyId : undefined}
                onClick={() => {
                  const prompt = presetPrompt(preset, language);
                  props.onInstructionChange(prompt);
                  props.onRun(prompt);
                  // The preset is disabled while the task runs: keep focus in the form, on Stop.
                  runButton.current?.focus();
                }}
              >
                {preset.label}
              </button>
              {preset.needsLanguage && (
                <select
                  aria-label={m.translateTo}
                  value={language}
                  disabled={running}
                  onChange={(event) => props.onLanguageChange(event.target.value)}
                >
                  {languages.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              )}
              {missing.length > 0 && (
                <span id={whyId} className="ask-ai-note">
                  {m.presetNeedsTool(missing.join(', '))}
                </span>
              )}
            </span>
          );
        })}
      </div>
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
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onInstructionChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="ask-ai-hint">
        {m.instructionHint}
      </p>
      {notice && (
        <p className="ask-ai-note" role="alert">
          {notice}
        </p>
      )}
      <button
        ref={runButton}
        type="submit"
        className="ask-ai-button ask-ai-primary"
        data-ask-ai-part="run"
        data-state={running ? 'running' : preparing ? 'preparing' : 'idle'}
        aria-disabled={preparing || undefined}
      >
        {running ? m.stop : m.run}
      </button>
      {preparing && <p className="ask-ai-note">{m.toolsLoading}</p>}
    </form>
  );
}
