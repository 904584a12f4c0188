import type { OfferableTools } from '../client/offerable-tools';
import { languageName, languageNameForModel } from './languages';
import type { AskAiLocale } from './locale';

/**
 * How a task's answer is used: `replace` — an edit of the selected text (improve, shorten, translate): the
 * answer takes the selection's place; `insert` — new writing about it (a summary, key points, a teaser, the
 * next paragraph): it goes below the selection's block, and the text the editor wanted to keep stays.
 */
export type AnswerUse = 'replace' | 'insert';

/** A task the editor can pick. */
export interface AskAiPreset {
  readonly id: string;
  readonly label: string;
  /**
   * The instruction; a function receives the chosen target language (`needsLanguage`): a language code
   * (`de`, `pt-BR`) or, from a host that names its languages, the name it gave.
   */
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
   * How its answer is used, and so which action is primary (and focused) once it is there: `replace` —
   * "Replace selection" where text is selected; `insert` — "Insert below", Replace beside it. Without one,
   * as the editor's own instruction: Replace where text is selected, else Insert. (An image's task is
   * always "Use as alt text".)
   */
  readonly use?: AnswerUse;
  /**
   * Where the task menu lists it: the built-in groups `edit` ("Edit") and `write` ("Write"), or a host's
   * own group name; without one, under "More".
   */
  readonly group?: string;
  /** Listed in a submenu rather than as a button of its own: `tone` ("Change tone"). */
  readonly menu?: 'tone';
  /** Offered only where this is the subject (`image`: alt text, where an image is selected). */
  readonly subject?: 'image';
}

// The one place the built-in tasks say how their answers are used: the edits replace, the writing inserts.
const r = (id: string, label: string, prompt: AskAiPreset['prompt'], more: Partial<AskAiPreset> = {}) =>
  ({ id, label, prompt, requiredTools: [], group: 'edit', use: 'replace', ...more }) satisfies AskAiPreset;
const w = (id: string, label: string, prompt: string, more: Partial<AskAiPreset> = {}) =>
  ({ id, label, prompt, requiredTools: [], group: 'write', use: 'insert', ...more }) satisfies AskAiPreset;

const EN: readonly AskAiPreset[] = [
  r('improve', 'Improve', 'Improve the wording, grammar and punctuation of this text.'),
  r('fix', 'Fix spelling', 'Fix the spelling and grammar of this text; change nothing else.'),
  r('shorten', 'Shorten', 'Shorten this text and keep its meaning.'),
  r('longer', 'Make longer', 'Make this text longer: add detail, keep its tone and facts.'),
  r('simplify', 'Simplify', 'Simplify this text: short sentences and everyday words.'),
  r('tone-formal', 'More formal', 'Rewrite this text in a more formal tone.', { menu: 'tone' }),
  r('tone-friendly', 'Friendlier', 'Rewrite this text in a friendlier tone.', { menu: 'tone' }),
  r('tone-confident', 'More confident', 'Rewrite this text in a more confident tone.', { menu: 'tone' }),
  r('tone-casual', 'More casual', 'Rewrite this text in a more casual tone.', { menu: 'tone' }),
  r('translate', 'Translate', ({ language }) => `Translate this text into ${languageNameForModel(language)}.`, {
    needsLanguage: true,
  }),
  w('summarise', 'Summarise', 'Summarise this text in two sentences.'),
  w('key-points', 'Key points', 'List the key points of this text as bullet points.'),
  w('keywords', 'Keywords', 'Suggest keywords for this text.'),
  w('continue', 'Continue writing', 'Continue writing this text in its style: one more paragraph.'),
  w('alt-text', 'Alt text', 'Write the alternative text for this image.', { subject: 'image', use: 'replace' }),
];

const DE: readonly AskAiPreset[] = [
  r('improve', 'Verbessern', 'Verbessere Ausdruck, Grammatik und Zeichensetzung dieses Textes.'),
  r('fix', 'Rechtschreibung', 'Korrigiere Rechtschreibung und Grammatik dieses Textes; ändere sonst nichts.'),
  r('shorten', 'Kürzen', 'Kürze diesen Text und behalte seine Bedeutung.'),
  r('longer', 'Verlängern', 'Verlängere diesen Text: ergänze Details, behalte Ton und Fakten.'),
  r('simplify', 'Vereinfachen', 'Vereinfache diesen Text: kurze Sätze und alltägliche Wörter.'),
  r('tone-formal', 'Förmlicher', 'Schreibe diesen Text in einem förmlicheren Ton.', { menu: 'tone' }),
  r('tone-friendly', 'Freundlicher', 'Schreibe diesen Text in einem freundlicheren Ton.', { menu: 'tone' }),
  r('tone-confident', 'Selbstbewusster', 'Schreibe diesen Text in einem selbstbewussteren Ton.', { menu: 'tone' }),
  r('tone-casual', 'Lockerer', 'Schreibe diesen Text in einem lockereren Ton.', { menu: 'tone' }),
  r(
    'translate',
    'Übersetzen',
    ({ language }) => `Übersetze diesen Text ${germanTarget(languageName(language, 'de'))}.`,
    {
      needsLanguage: true,
    },
  ),
  w('summarise', 'Zusammenfassen', 'Fasse diesen Text in zwei Sätzen zusammen.'),
  w('key-points', 'Kernpunkte', 'Liste die Kernpunkte dieses Textes als Aufzählung auf.'),
  w('keywords', 'Schlagwörter', 'Schlage Schlagwörter für diesen Text vor.'),
  w('continue', 'Weiterschreiben', 'Schreibe diesen Text in seinem Stil weiter: ein weiterer Absatz.'),
  w('alt-text', 'Alternativtext', 'Schreibe den Alternativtext für dieses Bild.', { subject: 'image', use: 'replace' }),
];

export const DEFAULT_PRESETS: Record<AskAiLocale, readonly AskAiPreset[]> = { en: EN, de: DE };

/**
 * The built-in translation targets, as language codes: each is named in the editor's language where it
 * is shown, in English where the model reads it. A host adds its site's languages (`languages`).
 */
export const DEFAULT_LANGUAGES: Record<AskAiLocale, readonly string[]> = {
  en: ['de', 'en', 'fr', 'es', 'it', 'nl'],
  de: ['en', 'de', 'fr', 'es', 'it', 'nl'],
};

/**
 * The tasks offered at a glance, by what there is to work on; the rest are one step away ("More tasks")
 * or a few typed letters. Fixed: a task never moves because it was used.
 */
export const SUGGESTED_TASKS = {
  selection: ['improve', 'fix', 'shorten'],
  text: ['continue', 'summarise', 'improve'],
  image: ['alt-text'],
} as const;

/** A one-tap refinement of an answer in view ("Shorter"): its name, and the words sent as the refinement. */
export interface AskAiFollowUp {
  readonly id: 'shorter' | 'longer' | 'simpler' | 'formal' | 'translate';
  readonly label: string | ((options: { readonly language: string }) => string);
  readonly prompt: string | ((options: { readonly language: string }) => string);
}

const FOLLOW_UPS_EN: readonly AskAiFollowUp[] = [
  { id: 'shorter', label: 'Shorter', prompt: 'Make it shorter.' },
  { id: 'longer', label: 'Longer', prompt: 'Make it longer: add detail, keep the facts.' },
  { id: 'simpler', label: 'Simpler', prompt: 'Use simpler words and shorter sentences.' },
  { id: 'formal', label: 'More formal', prompt: 'Make it more formal.' },
  {
    id: 'translate',
    label: ({ language }) => `In ${languageName(language, 'en')}`,
    prompt: ({ language }) => `Translate it into ${languageNameForModel(language)}.`,
  },
];

const FOLLOW_UPS_DE: readonly AskAiFollowUp[] = [
  { id: 'shorter', label: 'Kürzer', prompt: 'Mach es kürzer.' },
  { id: 'longer', label: 'Länger', prompt: 'Mach es länger: ergänze Details, behalte die Fakten.' },
  { id: 'simpler', label: 'Einfacher', prompt: 'Verwende einfachere Wörter und kürzere Sätze.' },
  { id: 'formal', label: 'Förmlicher', prompt: 'Formuliere es förmlicher.' },
  {
    id: 'translate',
    label: ({ language }) => `Auf ${languageName(language, 'de')}`,
    prompt: ({ language }) => `Übersetze es ${germanTarget(languageName(language, 'de'))}.`,
  },
];

export const FOLLOW_UPS: Record<AskAiLocale, readonly AskAiFollowUp[]> = { en: FOLLOW_UPS_EN, de: FOLLOW_UPS_DE };

/**
 * The refinements offered under an answer, at most four, by the task that wrote it: what undoes the task is
 * left out (Longer after Shorten, Shorter after Make longer), a translation is not translated again, and
 * "In <language>" only where there is a language to translate into (the site's other one).
 */
export function followUpsFor(task: string | null, translateInto: string | undefined): AskAiFollowUp['id'][] {
  const fitting: Record<string, AskAiFollowUp['id'][]> = {
    shorten: ['shorter', 'simpler', 'formal', 'translate'],
    longer: ['longer', 'simpler', 'formal', 'translate'],
    simplify: ['shorter', 'longer', 'formal', 'translate'],
    translate: ['shorter', 'longer', 'simpler', 'formal'],
    'alt-text': ['shorter', 'longer', 'translate'],
  };
  const ids = fitting[task ?? ''] ?? ['shorter', 'longer', 'simpler', 'translate'];
  return ids.filter((id) => id !== 'translate' || translateInto !== undefined).slice(0, 4);
}

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
