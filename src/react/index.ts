export { AskAiDialog, type AskAiDialogProps } from './ask-ai-dialog';
export { useOfferableTools } from './use-offerable-tools';
export { useTaskRun } from './use-task-run';
export { useDialogSession } from './use-dialog-session';
export {
  TOOLS_STALE_TIME_MS,
  EN_MESSAGES,
  DE_MESSAGES,
  resolveMessages,
  DEFAULT_PRESETS,
  DEFAULT_LANGUAGES,
  type AskAiMessages,
  type AskAiLocale,
  type AskAiPreset,
  type DialogSnapshot,
  type DialogStatus,
} from '../session';
export type { AnswerHandler, ApplyRefusal } from './apply-refusal';
export type { FeedbackHandler } from './answer-workflow';
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
