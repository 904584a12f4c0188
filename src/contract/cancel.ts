import * as z from 'zod/mini';

/** `POST {cancel}`: by the run's id when a `started` event gave one, else by the request's id. */
export const CancelRequestSchema = z.union([
  z.object({ runUuid: z.string().check(z.minLength(1)) }),
  z.object({ requestId: z.string().check(z.minLength(1)) }),
]);

export const CancelAnswerSchema = z.object({ success: z.literal(true), cancelled: z.boolean() });

export type CancelRequest = z.infer<typeof CancelRequestSchema>;
export type CancelAnswer = z.infer<typeof CancelAnswerSchema>;
