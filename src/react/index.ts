export { AskAiDialog, type AskAiDialogProps } from './ask-ai-dialog';
export { useOfferableTools, TOOLS_STALE_TIME_MS } from './use-offerable-tools';
export { useTaskRun } from './use-task-run';
export { EN_MESSAGES, DE_MESSAGES, resolveMessages, type AskAiMessages, type AskAiLocale } from './messages';
export { DEFAULT_PRESETS, DEFAULT_LANGUAGES, type AskAiPreset } from './presets';
export type { AnswerHandler } from './result-actions';
export type {
  TaskAnswer,
  TaskAnswerMeta,
  RunContext,
  AskAiEndpoints,
  AskAiFailure,
  ContractWarning,
  OfferableTools,
  RunSnapshot,
} from '../client';
export { typo3Endpoints, createTransport } from '../client';
