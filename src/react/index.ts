export { AskAiDialog, type AskAiDialogProps } from './ask-ai-dialog';
export { useOfferableTools } from './use-offerable-tools';
export { useTaskRun } from './use-task-run';
export { useDialogSession } from './use-dialog-session';
// Each from its own module, not from the client's barrel: what the dialog loads later (the tool
// list's reader, the run's readers) must not be tied to this entry's chunk.
export { TOOLS_STALE_TIME_MS } from '../session/tools-query';
export { EN_MESSAGES, DE_MESSAGES, resolveMessages } from '../i18n/messages';
export { DEFAULT_PRESETS, DEFAULT_LANGUAGES } from '../i18n/presets';
export type { AskAiMessages, AskAiMessageOverrides } from '../i18n/messages';
export type { AskAiLocale } from '../i18n/locale';
export type { AskAiPreset } from '../i18n/presets';
export type { DialogSnapshot, DialogStatus } from '../session';
export type { AnswerHandler, ApplyEvent, ApplyRefusal } from '../editors/apply';
export type { AskAiDialogSettings, FeedbackHandler, TransportSettings } from '../editors/dialog-settings';
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
export { typo3Endpoints } from '../client/typo3-endpoints';
export { createTransport } from '../client/transport';
