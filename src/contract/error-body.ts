import * as z from 'zod/mini';

/** Every error the backend writes: `{ success: false, error }`, sometimes with `status` and `runUuid`. */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.optional(z.string()),
  status: z.optional(z.string()),
  runUuid: z.optional(z.string()),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
