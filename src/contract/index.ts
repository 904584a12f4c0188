export { phpMap } from './php-map';
export {
  ToolEffectSchema,
  ToolTraitsSchema,
  ToolEntrySchema,
  ToolsAnswerSchema,
  type ToolEntry,
  type ToolsAnswer,
} from './tool-list';
export { ErrorBodySchema, type ErrorBody } from './error-body';
export { RunContextSchema, RunRequestSchema, type RunContext, type RunRequest } from './run-request';
export {
  RunStepSchema,
  UsageSchema,
  ContextEventSchema,
  StartedEventSchema,
  StepEventSchema,
  DeltaEventSchema,
  DoneEventSchema,
  AwaitingApprovalEventSchema,
  AwaitingInputEventSchema,
  GuardrailEventSchema,
  CancelledEventSchema,
  ErrorEventSchema,
  UnknownTerminalEventSchema,
  UnstreamedAnswerSchema,
  TERMINAL_EVENT_SCHEMAS,
  PROGRESS_EVENT_SCHEMAS,
  TERMINATION_REASONS,
  type RunStep,
  type Usage,
  type DoneEvent,
  type AwaitingApprovalEvent,
  type AwaitingInputEvent,
  type GuardrailEvent,
  type CancelledEvent,
  type ErrorEvent,
  type UnknownTerminalEvent,
  type TerminationReason,
} from './run-events';
export { CancelRequestSchema, CancelAnswerSchema, type CancelRequest, type CancelAnswer } from './cancel';
export { OutcomeRequestSchema, OutcomeAnswerSchema, type OutcomeRequest, type AnswerOutcome } from './outcome';
