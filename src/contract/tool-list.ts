import * as z from 'zod/mini';

export const ToolEffectSchema = z.enum(['read_only', 'idempotent_write', 'non_idempotent_write']);

/** The five traits the approval rule reads (CONTRACT.md §1). */
export const ToolTraitsSchema = z.object({
  approvalMarker: z.boolean(),
  remote: z.boolean(),
  remoteApproval: z.nullable(z.boolean()),
  effect: z.nullable(ToolEffectSchema),
  requiresInput: z.boolean(),
});

/** One offerable tool. Display fields are optional; unknown fields are ignored. */
export const ToolEntrySchema = z.object({
  name: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  group: z.optional(z.string()),
  label: z.optional(z.string()),
  dataClass: z.optional(z.string()),
  traits: ToolTraitsSchema,
});

/**
 * The answer of `GET {tools}`. Each entry of `tools` is judged on its own (a bad entry is withheld,
 * the rest is used), so the envelope only asks for a list.
 */
export const ToolsAnswerSchema = z.object({
  success: z.literal(true),
  configuration: z.optional(z.string()),
  tools: z.array(z.unknown()),
  unattended: z.optional(z.array(z.string())),
});

export type ToolEntry = z.infer<typeof ToolEntrySchema>;
export type ToolsAnswer = z.infer<typeof ToolsAnswerSchema>;
