/**
 * `ask-ai-dialog/messages`: the dialog's words without React — every message in English and German,
 * their templates (`{0}`, `{0:a=…|b=…}`), the built-in tasks and the locale choice. For a host that
 * renders the dialog session itself (a Lit or Vue binding), or reads the words for its own translation
 * workflow (TYPO3's XLIFF is generated from these tables).
 */
export {
  EN_MESSAGES,
  DE_MESSAGES,
  BUILT_IN_MESSAGES,
  resolveMessages,
  localize,
  type AskAiMessages,
  type AskAiMessageOverrides,
  type MessageKey,
  type MessageLine,
} from './messages';
export { templateMessage } from './message-templates';
export { localeOf, type AskAiLocale } from './locale';
export { languageName, languageNameForModel, translationTargets, COMMON_LANGUAGES } from './languages';
export {
  DEFAULT_PRESETS,
  DEFAULT_LANGUAGES,
  presetPrompt,
  SUGGESTED_TASKS,
  germanTarget,
  missingTools,
  FOLLOW_UPS,
  followUpsFor,
  type AskAiFollowUp,
  type AskAiPreset,
} from './presets';
