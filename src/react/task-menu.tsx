import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { OfferableTools } from '../client';
import type { ToolLabel } from '../session';
import type { AskAiMessages, AskAiPreset } from '../i18n';
import { missingTools } from '../i18n/presets';

export interface TaskMenuProps {
  readonly presets: readonly AskAiPreset[];
  readonly languages: readonly string[];
  readonly language: string;
  readonly onLanguageChange: (language: string) => void;
  readonly tools: OfferableTools | undefined;
  readonly toolLabel: ToolLabel;
  readonly disabled: boolean;
  readonly onRun: (preset: AskAiPreset) => void;
  readonly messages: AskAiMessages;
}

const LAST_TASK_KEY = 'ask-ai-dialog:last-task';

/** The task run last on this host (its origin's storage), or null where storage is not to be had. */
function readLastTask(): string | null {
  try {
    return globalThis.localStorage?.getItem(LAST_TASK_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeLastTask(id: string) {
  try {
    globalThis.localStorage?.setItem(LAST_TASK_KEY, id);
  } catch {
    // Storage refused (private mode, a sandbox): the order stays as it is.
  }
}

const BUILT_IN_GROUPS = ['edit', 'write'] as const;

/**
 * The tasks, grouped ("Edit", "Write", a host's own groups, "More"), with type-to-filter: typing in
 * "Find a task" narrows them (Enter runs the first). The tone variants sit in a "Change tone" menu;
 * Translate carries its target language (the host's list) beside it. The task run last on this host
 * leads its group. Every task stays a button of its own name.
 */
export function TaskMenu(props: TaskMenuProps) {
  const { presets, messages: m } = props;
  const id = useId();
  const [query, setQuery] = useState('');
  const [last, setLast] = useState(readLastTask);
  const q = query.trim().toLocaleLowerCase();
  const matches = (preset: AskAiPreset) => q === '' || preset.label.toLocaleLowerCase().includes(q);
  const run = (preset: AskAiPreset) => {
    writeLastTask(preset.id);
    setLast(preset.id);
    props.onRun(preset);
  };
  const shown = presets.filter(matches);
  const groups = new Map<string, AskAiPreset[]>();
  for (const group of BUILT_IN_GROUPS) groups.set(group, []);
  for (const preset of shown) {
    const group = preset.group ?? '';
    groups.set(group, [...(groups.get(group) ?? []), preset]);
  }
  const label = (group: string) => (group === 'edit' ? m.groupEdit : group === 'write' ? m.groupWrite : group);
  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const first = shown.find((preset) => missingTools(preset, props.tools).length === 0);
    if (first && !props.disabled) run(first);
  };
  return (
    <div className="ask-ai-presets" role="group" aria-label={m.presets} data-ask-ai-part="presets">
      <input
        type="search"
        className="ask-ai-task-filter"
        aria-label={m.taskFilter}
        placeholder={m.taskFilterPlaceholder}
        value={query}
        disabled={props.disabled}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onFilterKey}
      />
      {[...groups.entries()]
        .filter(([, list]) => list.length > 0)
        .sort(([a], [b]) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0))
        .map(([group, list]) => {
          // The last-used task first; a filter shows the menu's items as buttons of their own.
          const ordered = [...list].sort((a, b) => Number(b.id === last) - Number(a.id === last));
          const inMenu = q === '' ? ordered.filter((preset) => preset.menu === 'tone') : [];
          const headingId = `${id}-group-${group || 'more'}`;
          const items: ReactNode[] = [];
          for (const preset of ordered) {
            if (inMenu.includes(preset)) {
              if (preset === inMenu[0]) items.push(<ToneMenu key="tone" {...props} items={inMenu} onRun={run} />);
              continue;
            }
            items.push(
              <PresetButton key={preset.id} {...props} preset={preset} last={preset.id === last} onRun={run} />,
            );
          }
          return (
            <div key={group || 'more'} className="ask-ai-task-group" role="group" aria-labelledby={headingId}>
              <span id={headingId} className="ask-ai-task-group-label">
                {group === '' ? m.groupMore : label(group)}
              </span>
              {items}
            </div>
          );
        })}
      {shown.length === 0 && <p className="ask-ai-note">{m.noTaskMatches}</p>}
    </div>
  );
}

function PresetButton(props: TaskMenuProps & { preset: AskAiPreset; last: boolean }) {
  const { preset, languages, language, messages: m } = props;
  const missing = missingTools(preset, props.tools);
  const whyId = `${useId()}-why`;
  return (
    <span
      className={preset.needsLanguage ? 'ask-ai-preset ask-ai-joined' : 'ask-ai-preset'}
      data-disabled={missing.length > 0 || undefined}
      data-last-used={props.last || undefined}
    >
      <button
        type="button"
        className="ask-ai-chip"
        disabled={props.disabled || missing.length > 0}
        aria-describedby={missing.length > 0 ? whyId : undefined}
        onClick={() => props.onRun(preset)}
      >
        {preset.label}
      </button>
      {preset.needsLanguage && (
        <select
          className="ask-ai-select"
          aria-label={m.translateTo}
          value={language}
          disabled={props.disabled}
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
          {m.presetNeedsTool(missing.map(props.toolLabel).join(', '))}
        </span>
      )}
    </span>
  );
}

/**
 * "Change tone" and its menu (the APG menu button: arrow keys move, Enter runs, Esc closes the menu —
 * not the dialog — and returns to the button).
 */
function ToneMenu(props: TaskMenuProps & { items: readonly AskAiPreset[] }) {
  const { items, messages: m } = props;
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const entries = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (open) entries()[0]?.focus();
  }, [open]);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = entries();
    const at = list.indexOf(event.target as HTMLButtonElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  return (
    <span className="ask-ai-preset ask-ai-menu-anchor">
      <button
        ref={button}
        type="button"
        className="ask-ai-chip"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={props.disabled}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {m.changeTone}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label={m.changeTone}
          className="ask-ai-menu"
          data-ask-ai-part="tone-menu"
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {items.map((preset) => (
            <button
              key={preset.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="ask-ai-menu-item"
              disabled={missingTools(preset, props.tools).length > 0}
              onClick={() => {
                close(true);
                props.onRun(preset);
              }}
            >
              {preset.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
