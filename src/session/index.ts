/**
 * `ask-ai-dialog/client`: the contract as code, the framework-free client (transport, tool list,
 * run controller) and the dialog session a binding renders. No React.
 */
// The client layer's own list of exports (src/client/index.ts).
export * from '../client/index';
export {
  createDialogSession,
  DEFAULT_CONTEXT_LIMIT,
  type DialogSession,
  type DialogSessionOptions,
  type DialogSessionSettings,
  type DialogSnapshot,
  type DialogStatus,
  type SentContext,
  type RetryState,
  type AppliedAs,
  type AnswerVariant,
  type FeedbackState,
  QUIET_AFTER_MS,
  DEFAULT_MAX_VARIANTS,
} from './dialog-session';
export {
  toolsQueryOptions,
  toolListState,
  TOOLS_STALE_TIME_MS,
  type ToolListState,
  type ToolsQueryKey,
} from './tools-query';
export {
  outcomeOf,
  failureLines,
  failureView,
  MAX_ERROR_TEXT,
  type Outcome,
  type RetryAdvice,
  type ToolLabel,
} from './outcome';
export { visibleName } from './visible-name';
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
export { localeOf, type AskAiLocale } from './locale';
export {
  DEFAULT_PRESETS,
  DEFAULT_LANGUAGES,
  presetPrompt,
  presetInstruction,
  germanTarget,
  missingTools,
  type AskAiPreset,
} from './presets';
