import { CancelAnswerSchema } from '../contract/cancel';
import { readJsonAnswer } from './http-answer';

/** Whether the cancel endpoint's answer confirms the cancel (CONTRACT.md §3). */
export async function cancelConfirmed(response: Response, now: number): Promise<boolean> {
  const answer = await readJsonAnswer(response, now);
  const parsed = answer.ok ? CancelAnswerSchema.safeParse(answer.body) : null;
  return parsed?.success === true && parsed.data.cancelled;
}
