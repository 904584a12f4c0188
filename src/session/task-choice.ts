import type { OfferableTools } from '../client/offerable-tools';
import type { AskAiPreset } from '../i18n/presets';

/** What the editor works on: a selection, a field with text, an image, or nothing yet. */
export type TaskSubject = 'selection' | 'text' | 'image' | 'empty';

/** Why a task cannot run here. */
export type TaskBlocked = 'needsText' | 'needsImage' | 'needsTools';

/** One entry of the task list under the prompt. */
export type TaskOption =
  | {
      readonly type: 'task';
      /** Unique in the list: the preset's id, with the target language for a translation. */
      readonly key: string;
      readonly preset: AskAiPreset;
      /** The target of a translation (a language code, or a name a host gave). */
      readonly language?: string | undefined;
      /** Where the full list files it: `edit`, `write`, a host's group, `` for "More". */
      readonly group: string;
      /** The tone and translation tasks sit under their heading in the full list. */
      readonly under?: 'tone' | 'translate' | undefined;
      readonly blocked: TaskBlocked | null;
      /** The tools it needs and this list does not offer (with `blocked: 'needsTools'`). */
      readonly missingTools: readonly string[];
    }
  /** Opens the whole list (the suggestions are at a glance, the rest one step away). */
  | { readonly type: 'more'; readonly key: 'more' }
  /** Opens the translation targets or the tones under it (the full list folds them). */
  | {
      readonly type: 'expand';
      readonly key: 'expand-tone' | 'expand-translate';
      readonly what: 'tone' | 'translate';
      /** The first task under it (Translate: its name heads the targets). */
      readonly preset: AskAiPreset;
      readonly group: string;
    };

export interface TaskChoiceInput {
  readonly presets: readonly AskAiPreset[];
  /** The translation targets, in the order offered (the default first). */
  readonly languages: readonly string[];
  readonly subject: TaskSubject;
  readonly tools: OfferableTools | undefined;
  /** What the editor typed: the list shows the tasks whose names it matches (`label` gives the name). */
  readonly query: string;
  /** How the list is shown: the suggestions, all tasks, or all with a heading opened. */
  readonly view: 'suggested' | 'all' | 'tone' | 'translate';
  /** The suggested tasks by subject (preset ids): `SUGGESTED_TASKS`. */
  readonly suggested: Readonly<Record<'selection' | 'text' | 'image', readonly string[]>>;
  /** A task's visible name (a translation's with its target: "Translate into German"). */
  readonly label: (preset: AskAiPreset, language?: string) => string;
}

/**
 * The task list under the prompt — one list for picking, filtering and running (a combobox's listbox):
 *
 * - at a glance, three tasks that fit what the editor works on (a selection, a field with text, an
 *   image), always the same three, and "More tasks";
 * - "More tasks": every task, in the order and groups the presets give, the tones and the translation
 *   targets folded under a heading each;
 * - typing narrows it to the tasks whose names match (translation targets included), unfolded.
 *
 * Tasks for another subject are not listed (alt text where no image is selected, text tasks on an image);
 * tasks that need text are listed but blocked without any, as are those needing a tool the list lacks.
 */
export function taskOptions(input: TaskChoiceInput): TaskOption[] {
  const { presets, subject, tools } = input;
  const forSubject = presets.filter((preset) =>
    subject === 'image' ? preset.subject === 'image' : preset.subject !== 'image',
  );
  const expand = (preset: AskAiPreset): Array<Extract<TaskOption, { type: 'task' }>> =>
    preset.needsLanguage
      ? input.languages.map((language) => task(preset, subject, tools, language))
      : [task(preset, subject, tools)];
  const all = forSubject.flatMap(expand);

  const query = input.query.trim().toLocaleLowerCase();
  if (query !== '') {
    return all.filter((option) => input.label(option.preset, option.language).toLocaleLowerCase().includes(query));
  }

  if (input.view === 'suggested') {
    const ids = subject === 'empty' ? input.suggested.text : input.suggested[subject];
    const byId = new Map(forSubject.map((preset) => [preset.id, preset]));
    let picked = ids.flatMap((id) => {
      const preset = byId.get(id);
      return preset && !preset.needsLanguage ? [task(preset, subject, tools)] : [];
    });
    // A host's own list (or one that names none of the built-in tasks): its first three.
    if (picked.length === 0) picked = all.filter((option) => option.preset.needsLanguage !== true).slice(0, 3);
    return picked.length < all.length ? [...picked, { type: 'more', key: 'more' }] : picked;
  }

  const options: TaskOption[] = [];
  for (const option of all) {
    if (option.under) {
      const heading = `expand-${option.under}` as const;
      if (!options.some((o) => o.key === heading)) {
        options.push({ type: 'expand', key: heading, what: option.under, preset: option.preset, group: option.group });
      }
      if (input.view !== option.under) continue;
    }
    options.push(option);
  }
  return options;
}

function task(
  preset: AskAiPreset,
  subject: TaskSubject,
  tools: OfferableTools | undefined,
  language?: string,
): Extract<TaskOption, { type: 'task' }> {
  const required = preset.requiredTools ?? [];
  const offered = new Set(tools?.unattended.map((tool) => tool.name) ?? []);
  const missing = required.filter((name) => !offered.has(name));
  const blocked: TaskBlocked | null =
    preset.subject === 'image' && subject !== 'image'
      ? 'needsImage'
      : subject === 'empty' && preset.subject !== 'image'
        ? 'needsText'
        : missing.length > 0
          ? 'needsTools'
          : null;
  return {
    type: 'task',
    key: language === undefined ? preset.id : `${preset.id}:${language}`,
    preset,
    language,
    group: preset.group ?? '',
    under: preset.menu === 'tone' ? 'tone' : preset.needsLanguage ? 'translate' : undefined,
    blocked,
    missingTools: missing,
  };
}

/** What there is to work on, from the context the dialog sends. */
export function taskSubject(
  context: { selection?: unknown; document?: unknown } | undefined,
  image: boolean,
): TaskSubject {
  if (image) return 'image';
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (filled(context?.selection)) return 'selection';
  if (filled(context?.document)) return 'text';
  return 'empty';
}

/**
 * Whether a task offers the model tools: a preset only where it names tools it needs (`requiredTools`);
 * an instruction of the editor's own may need the site (find the page about…, link the latest news), so
 * it is offered the unattended tools. A backend task (nr-llm's) runs without tools by its nature.
 */
export function toolsFor(preset: AskAiPreset | null): 'offer' | 'none' {
  if (preset === null) return 'offer';
  if (preset.task !== undefined) return 'none';
  return (preset.requiredTools?.length ?? 0) > 0 ? 'offer' : 'none';
}
