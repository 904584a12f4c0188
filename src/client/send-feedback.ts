import { OutcomeAnswerSchema, type AnswerOutcome } from '../contract/outcome';
import { readJsonAnswer } from './http-answer';
import type { Transport } from './transport';

/**
 * Tells the backend how an answer served (CONTRACT.md §4): `true` when it took the verdict. Never
 * throws: a failure here must never disturb the answer. Without an outcome endpoint it is `false`.
 */
export async function sendFeedback(transport: Transport, correlationId: string, outcome: AnswerOutcome, now: number) {
  if (!transport.endpoints.outcome || correlationId === '') return false;
  try {
    const response = await transport.send((endpoints) => endpoints.outcome, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ correlationId, outcome }),
    });
    const answer = await readJsonAnswer(response, now);
    return answer.ok && OutcomeAnswerSchema.safeParse(answer.body).success;
  } catch {
    return false;
  }
}
