export { createAskAiClient, type AskAiClient } from './ask-ai-client';
export {
  createTransport,
  appendQuery,
  type AskAiEndpoints,
  type TransportOptions,
  type Transport,
  type HeadersValue,
} from './transport';
export { typo3Endpoints, type Typo3Routes } from './typo3-endpoints';
export {
  offerableTools,
  type OfferableTools,
  type OfferedTool,
  type WithheldTool,
  type WithheldToolReason,
  type OfferableToolsOptions,
} from './offerable-tools';
export {
  createRunController,
  DEFAULT_IDLE_TIMEOUT_MS,
  type RunController,
  type RunControllerOptions,
  type RunInput,
  type Timers,
} from './run-controller';
export {
  IDLE_SNAPSHOT,
  type RunSnapshot,
  type RunStatus,
  type RunStepView,
  type RunUsage,
  type CancelState,
} from './run-state';
export { AskAiRequestError, type AskAiFailure, type AskAiFailureKind, type ContractWarning } from './failure';
export { createLineSplitter, type LineSplitter } from './ndjson-reader';
export type { RunContext, RunRequest, ToolEntry } from '../contract';
export {
  taskResult,
  limitContext,
  type TaskAnswer,
  type TaskAnswerMeta,
  type TaskResult,
  type ContextPart,
} from './task-result';
export { sendFeedback } from './send-feedback';
export type { AnswerOutcome } from '../contract';
