import * as z from 'zod/mini';

/** `POST {outcome}`: the editor's verdict on one answer (nr-llm's `nrllm_task_outcome`, ADR-176). */
export const OutcomeRequestSchema = z.object({
  correlationId: z.string().check(z.minLength(1)),
  outcome: z.enum(['helpful', 'not_helpful']),
});

export const OutcomeAnswerSchema = z.object({ success: z.literal(true), outcome: z.optional(z.string()) });

export type OutcomeRequest = z.infer<typeof OutcomeRequestSchema>;
export type AnswerOutcome = OutcomeRequest['outcome'];
