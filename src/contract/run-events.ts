import * as z from 'zod/mini';
import { phpMap } from './php-map';

/** An nr-llm `RunStep`, without the private keys a backend must not send. */
export const RunStepSchema = z.object({
  kind: z.string(),
  round: z.number(),
  durationMs: z.number(),
  toolName: z.optional(z.string()),
  toolArguments: z.optional(z.unknown()),
  toolIsError: z.optional(z.boolean()),
  toolResult: z.optional(z.unknown()),
  requestedToolCalls: z.optional(z.unknown()),
});

export const UsageSchema = phpMap(
  z.object({
    promptTokens: z.number(),
    completionTokens: z.number(),
    totalTokens: z.number(),
    estimatedCost: z.optional(z.nullable(z.number())),
  }),
);

export const ContextEventSchema = z.object({
  event: z.literal('context'),
  contextClassification: z.optional(z.unknown()),
});
export const StartedEventSchema = z.object({ event: z.literal('started'), runUuid: z.string().check(z.minLength(1)) });
export const StepEventSchema = z.object({ event: z.literal('step'), step: RunStepSchema });
export const DeltaEventSchema = z.object({ event: z.literal('delta'), text: z.string() });
/** A sign of life (the server has the run and is working on it): no content, it only keeps the stream alive. */
export const HeartbeatEventSchema = z.object({ event: z.literal('heartbeat') });

export const DoneEventSchema = z.object({
  event: z.literal('done'),
  success: z.literal(true),
  finalContent: z.string(),
  iterations: z.number(),
  truncated: z.boolean(),
  /** The server cut the answer at the size the dialog keeps (`MAX_ANSWER_LENGTH`). */
  answerCut: z.optional(z.boolean()),
  usage: UsageSchema,
  terminationReason: z.optional(z.string()),
  runUuid: z.optional(z.string()),
  correlationId: z.optional(z.string()),
});

export const AwaitingApprovalEventSchema = z.object({
  event: z.literal('awaiting_approval'),
  success: z.literal(true),
  runUuid: z.optional(z.string()),
  pendingTools: z.array(z.object({ name: z.string(), arguments: z.optional(z.unknown()) })),
});

export const AwaitingInputEventSchema = z.object({
  event: z.literal('awaiting_input'),
  success: z.literal(true),
  runUuid: z.optional(z.string()),
  inputRequest: z.object({ tool: z.string(), schema: z.optional(z.unknown()) }),
});

export const GuardrailEventSchema = z.object({
  event: z.enum(['guardrail_blocked', 'guardrail_approval_required']),
  success: z.literal(false),
  guardrail: z.optional(z.unknown()),
  error: z.string(),
});

export const CancelledEventSchema = z.object({
  event: z.literal('cancelled'),
  success: z.literal(false),
  error: z.optional(z.string()),
});
/**
 * Why a run failed, where the backend can say (the dialog words each itself, the backend's `error` goes
 * to Details): the model's rate limit (`retryAfter` seconds), a usage budget (`period`), the run's
 * deadline, a model that failed or could not be reached, a service that refused the request as it is set
 * up (a key, a model, a request it does not take: for an administrator), anything else.
 */
export const ERROR_REASONS = ['rateLimited', 'budget', 'deadline', 'unavailable', 'misconfigured', 'failed'] as const;

// An error without its text is still an error: the generic sentence, nothing in Details.
export const ErrorEventSchema = z.object({
  event: z.literal('error'),
  success: z.literal(false),
  error: z.optional(z.string()),
  reason: z.optional(z.string()),
  retryAfter: z.optional(z.number()),
  period: z.optional(z.string()),
});

/**
 * nr-llm's outcome list is open-ended (`suspend_failed`, `lease_lost`, `requeued`): an unknown event
 * with a boolean `success` is terminal.
 */
export const UnknownTerminalEventSchema = z.object({
  event: z.string(),
  success: z.boolean(),
  error: z.optional(z.string()),
  finalContent: z.optional(z.string()),
});

/** The events that end a run, by name. */
export const TERMINAL_EVENT_SCHEMAS = {
  done: DoneEventSchema,
  awaiting_approval: AwaitingApprovalEventSchema,
  awaiting_input: AwaitingInputEventSchema,
  guardrail_blocked: GuardrailEventSchema,
  guardrail_approval_required: GuardrailEventSchema,
  cancelled: CancelledEventSchema,
  error: ErrorEventSchema,
} as const;

/** The events that may come before the terminal one, by name. */
export const PROGRESS_EVENT_SCHEMAS = {
  context: ContextEventSchema,
  started: StartedEventSchema,
  step: StepEventSchema,
  delta: DeltaEventSchema,
  heartbeat: HeartbeatEventSchema,
} as const;

/** `nr-llm`'s `AgentRunTerminationReason` values. */
export const TERMINATION_REASONS = [
  'completed',
  'max_iterations',
  'budget_exhausted',
  'policy_denied',
  'approval_denied',
  'provider_failed',
  'cancelled',
  'retries_exhausted',
  'not_retryable',
  'context_truncated',
] as const;

/**
 * The unstreamed answer: the terminal objects as one body, `status` in place of `event`, and
 * `steps` as a list. nr-llm's playground omits `status` on success.
 */
export const UnstreamedAnswerSchema = z.object({
  success: z.boolean(),
  status: z.optional(z.string()),
  steps: z.optional(z.array(z.unknown())),
});

export type RunStep = z.infer<typeof RunStepSchema>;
export type Usage = z.infer<typeof UsageSchema>;
export type DoneEvent = z.infer<typeof DoneEventSchema>;
export type AwaitingApprovalEvent = z.infer<typeof AwaitingApprovalEventSchema>;
export type AwaitingInputEvent = z.infer<typeof AwaitingInputEventSchema>;
export type GuardrailEvent = z.infer<typeof GuardrailEventSchema>;
export type CancelledEvent = z.infer<typeof CancelledEventSchema>;
export type ErrorEvent = z.infer<typeof ErrorEventSchema>;
export type UnknownTerminalEvent = z.infer<typeof UnknownTerminalEventSchema>;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];
