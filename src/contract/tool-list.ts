import * as z from 'zod/mini';
import { isWellFormedTraits, TOOL_EFFECTS } from '../unattended';

/** The effects come from the rule's own list: the contract and the rule cannot disagree on them. */
export const ToolEffectSchema = z.enum(TOOL_EFFECTS);

/**
 * The five traits the approval rule reads (CONTRACT.md §1). Beyond their types, the rule's own
 * well-formedness check applies: an operator declaration on a tool that is not remote cannot come
 * from PHP (`RemoteApprovalInterface` extends `RemoteToolInterface`), so such an entry does not fit
 * the contract (a `malformedTool` warning) and is withheld as `malformed`.
 */
export const ToolTraitsSchema = z
  .object({
    approvalMarker: z.boolean(),
    remote: z.boolean(),
    remoteApproval: z.nullable(z.boolean()),
    effect: z.nullable(ToolEffectSchema),
    requiresInput: z.boolean(),
  })
  .check(z.refine((traits) => isWellFormedTraits({ name: '', ...traits }), 'remoteApproval needs remote: true'));

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
  /**
   * Tools the server keeps out of this dialog before any rule is applied (the TYPO3 extension: what does
   * not fit an editor's text), each `{name, label?, reason}`; read only to say why they are not offered.
   */
  withheld: z.optional(z.array(z.unknown())),
});

/** Why the server keeps a tool out of an editor's dialog (`withheld` in the tools answer). */
export const SERVER_WITHHELD_REASONS = ['notForEditors', 'dataClass', 'notAllowed'] as const;
export type ServerWithheldReason = (typeof SERVER_WITHHELD_REASONS)[number];

export const ServerWithheldSchema = z.object({
  name: z.string().check(z.minLength(1)),
  label: z.optional(z.string()),
  reason: z.enum(SERVER_WITHHELD_REASONS),
});

export type ToolEntry = z.infer<typeof ToolEntrySchema>;
export type ToolsAnswer = z.infer<typeof ToolsAnswerSchema>;
