import type { OfferableTools } from '../client/offerable-tools';
import type { AskAiLocale } from './locale';

/** A task the editor can pick. */
export interface AskAiPreset {
  readonly id: string;
  readonly label: string;
  /** The instruction; a function receives the chosen target language. */
  readonly prompt: string | ((options: { readonly language: string }) => string);
  /** Tools the task cannot do without: the preset is disabled while any of them is not offered. */
  readonly requiredTools?: readonly string[];
  /** Shows the target-language choice beside the preset. */
  readonly needsLanguage?: boolean;
  /**
   * A task the backend defines (nr-llm: a task record's uid, listed by the TYPO3 extension's
   * `ask_ai_tasks`): the run carries it and the backend runs that task on the editor's text.
   */
  readonly task?: string | number;
  /**
   * Its answer rewrites the selected text (shorten, improve, translate): "Replace selection" is then the
   * primary action where there is a selection; else (a summary, keywords, alt text) Insert is.
   */
  readonly rewrites?: boolean;
}

const EN: readonly AskAiPreset[] = [
  { id: 'summarise', label: 'Summarise', prompt: 'Summarise this text in two sentences.', requiredTools: [] },
  {
    id: 'shorten',
    label: 'Shorten',
    prompt: 'Shorten this text and keep its meaning.',
    requiredTools: [],
    rewrites: true,
  },
  {
    id: 'improve',
    label: 'Improve',
    prompt: 'Improve the wording, grammar and punctuation of this text.',
    requiredTools: [],
    rewrites: true,
  },
  {
    id: 'translate',
    label: 'Translate',
    prompt: ({ language }) => `Translate this text into ${language}.`,
    requiredTools: [],
    needsLanguage: true,
    rewrites: true,
  },
  { id: 'keywords', label: 'Keywords', prompt: 'Suggest keywords for this text.', requiredTools: [] },
  {
    id: 'alt-text',
    label: 'Alt text',
    prompt: 'Write the alt text for the image this text describes.',
    requiredTools: [],
  },
];

const DE: readonly AskAiPreset[] = [
  { id: 'summarise', label: 'Zusammenfassen', prompt: 'Fasse diesen Text in zwei Sätzen zusammen.', requiredTools: [] },
  {
    id: 'shorten',
    label: 'Kürzen',
    prompt: 'Kürze diesen Text und behalte seine Bedeutung.',
    requiredTools: [],
    rewrites: true,
  },
  {
    id: 'improve',
    label: 'Verbessern',
    prompt: 'Verbessere Ausdruck, Grammatik und Zeichensetzung dieses Textes.',
    requiredTools: [],
    rewrites: true,
  },
  {
    id: 'translate',
    label: 'Übersetzen',
    prompt: ({ language }) => `Übersetze diesen Text ${germanTarget(language)}.`,
    requiredTools: [],
    needsLanguage: true,
    rewrites: true,
  },
  { id: 'keywords', label: 'Schlagwörter', prompt: 'Schlage Schlagwörter für diesen Text vor.', requiredTools: [] },
  {
    id: 'alt-text',
    label: 'Alternativtext',
    prompt: 'Schreibe den Alternativtext für das Bild, das dieser Text beschreibt.',
    requiredTools: [],
  },
];

export const DEFAULT_PRESETS: Record<AskAiLocale, readonly AskAiPreset[]> = { en: EN, de: DE };

export const DEFAULT_LANGUAGES: Record<AskAiLocale, readonly string[]> = {
  en: ['German', 'English', 'French', 'Spanish', 'Italian', 'Dutch'],
  de: ['Englisch', 'Deutsch', 'Französisch', 'Spanisch', 'Italienisch', 'Niederländisch'],
};

/**
 * German names a language as its target with "ins" and the nominalised neuter ("ins Englische"):
 * the built-in languages by that form; any other after "in die Sprache".
 */
const DE_TARGET: Readonly<Record<string, string>> = {
  Englisch: 'ins Englische',
  Deutsch: 'ins Deutsche',
  Französisch: 'ins Französische',
  Spanisch: 'ins Spanische',
  Italienisch: 'ins Italienische',
  Niederländisch: 'ins Niederländische',
};

export function germanTarget(language: string): string {
  return DE_TARGET[language] ?? `in die Sprache ${language}`;
}

/**
 * A preset's task with the editor's own words as extra direction: both reach the model. Without
 * typed text the task is sent as it is.
 */
export function presetInstruction(task: string, typed: string, label: string): string {
  const direction = typed.trim();
  return direction === '' ? task : `${task}\n\n${label}: ${direction}`;
}

export function presetPrompt(preset: AskAiPreset, language: string): string {
  return typeof preset.prompt === 'function' ? preset.prompt({ language }) : preset.prompt;
}

/** The required tools this list does not offer (all of them while the list is unknown). */
export function missingTools(preset: AskAiPreset, tools: OfferableTools | undefined): string[] {
  const required = preset.requiredTools ?? [];
  if (!tools) return [...required];
  const offered = new Set(tools.unattended.map((t) => t.name));
  return required.filter((name) => !offered.has(name));
}
