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
  /**
   * The editor's note on a task, shown with the task before it was sent ("Keep the date."): the backend
   * adds it to the task's instruction. Never sent with a backend `task`, which takes none.
   */
  direction: z.optional(z.string()),
  /**
   * The image an alt text is written from, as the backend can find it among the site's files — never an
   * address for the backend to fetch: a file reference (`fileReference`, TYPO3's sys_file_reference uid),
   * a file (`file`), or the image's address as the editor's page shows it (`src`, a path of this site).
   */
  image: z.optional(
    z.object({
      fileReference: z.optional(z.number()),
      file: z.optional(z.number()),
      src: z.optional(z.string()),
    }),
  ),
});

export type RunImage = NonNullable<z.infer<typeof RunRequestSchema>['image']>;

export type RunContext = z.infer<typeof RunContextSchema>;
export type RunRequest = z.infer<typeof RunRequestSchema>;
