/**
 * `ask-ai-dialog/client`: the contract as code, the framework-free client (transport, tool list,
 * run controller) and the dialog session a binding renders. No React.
 */
// What a host uses, from the client layer: the transport, the tool list, a run, the failures and the
// answer's shape. The layer's helpers (the NDJSON splitter, query appending, context cutting, timers)
// stay inside the package: src/client/index.ts lists them for its own layers.
export { createAskAiClient, type AskAiClient } from '../client/ask-ai-client';
export {
  createTransport,
  type AskAiEndpoints,
  type TransportOptions,
  type Transport,
  type HeadersValue,
} from '../client/transport';
export { typo3Endpoints, typo3EndpointsRefresh, type Typo3Routes } from '../client/typo3-endpoints';
export {
  offerableTools,
  type OfferableTools,
  type OfferedTool,
  type WithheldTool,
  type WithheldToolReason,
  type OfferableToolsOptions,
} from '../client/offerable-tools';
export {
  createRunController,
  DEFAULT_IDLE_TIMEOUT_MS,
  type RunController,
  type RunControllerOptions,
  type RunInput,
} from '../client/run-controller';
export type { RunSnapshot, RunStatus, RunStepView, RunUsage, CancelState } from '../client/run-state';
export { AskAiRequestError, type AskAiFailure, type AskAiFailureKind, type ContractWarning } from '../client/failure';
export type { RunContext, RunRequest, ToolEntry, AnswerOutcome } from '../contract';
export type { TaskAnswer, TaskAnswerMeta, TaskResult } from '../client/task-result';
export { sendFeedback } from '../client/send-feedback';
export {
  createDialogSession,
  DEFAULT_CONTEXT_LIMIT,
  type DialogSession,
  type DialogSessionOptions,
  type DialogSessionSettings,
  type StartOptions,
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
export { refusalOf, type ApplyRefusal, type HandOver, type Give } from './hand-over';
