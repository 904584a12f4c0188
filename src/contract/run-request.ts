import * as z from 'zod/mini';
import { phpMap } from './php-map';

/**
 * What the host passes about the place the editor is working on; every field is optional. A rich-text
 * editor adds the selection as markdown (`selectionMarkdown`, its structure kept) and the record's
 * field (`recordField`, e.g. `bodytext`) to the record's `recordTable` and `recordUid`. A
 * refinement adds the answer it refines (`previousAnswer`) and the instruction that answer was
 * written for (`previousInstruction`); its `prompt` is the editor's refinement ("make it shorter").
 */
export const RunContextSchema = phpMap(
  z.object({
    selection: z.optional(z.string()),
    selectionMarkdown: z.optional(z.string()),
    document: z.optional(z.string()),
    recordTable: z.optional(z.string()),
    recordUid: z.optional(z.union([z.number(), z.string()])),
    recordField: z.optional(z.string()),
    /** The language of the content being edited (a BCP 47 tag, e.g. `de-CH`): the answer's language by default. */
    contentLanguage: z.optional(z.string()),
    previousAnswer: z.optional(z.string()),
    previousInstruction: z.optional(z.string()),
  }),
);

/** The body of `POST {run}`. `tools` is always present and may be `[]` (CONTRACT.md §2). */
export const RunRequestSchema = z.object({
  configuration: z.optional(z.string()),
  prompt: z.string(),
  context: z.optional(RunContextSchema),
  tools: z.array(z.string()),
  stream: z.boolean(),
  requestId: z.string().check(z.minLength(1)),
  /** A backend task to run instead of an open instruction (nr-llm: a task's uid); it runs without tools. */
  task: z.optional(z.union([z.number(), z.string()])),
});

export type RunContext = z.infer<typeof RunContextSchema>;
export type RunRequest = z.infer<typeof RunRequestSchema>;
