import { UnstreamedAnswerSchema } from '../contract/run-events';
import { eventFromBody, interpretEvent, stepsFromBody, type RunEventMeaning } from './event-meaning';
import type { AskAiFailure } from './failure';
import { readJsonAnswer } from './http-answer';
import type { StepInput } from './run-state';

export type UnstreamedRun =
  | { readonly ok: true; readonly steps: readonly StepInput[]; readonly meaning: RunEventMeaning }
  | { readonly ok: false; readonly failure: AskAiFailure };

/**
 * Reads a run that answered with one JSON body (CONTRACT.md §2, "Unstreamed answer"): its steps,
 * and its terminal object read as the terminal event it stands for. `success: false` is read here,
 * not as a generic error: it may be a guardrail or a cancellation.
 */
export async function readUnstreamedRun(response: Response, now: number): Promise<UnstreamedRun> {
  const answer = await readJsonAnswer(response, now, { successFalseIsError: false });
  if (!answer.ok) return answer;
  if (!UnstreamedAnswerSchema.safeParse(answer.body).success) {
    return { ok: false, failure: { kind: 'invalidResponse', detail: 'The run answer does not fit the contract.' } };
  }
  const body = answer.body as Record<string, unknown>;
  return { ok: true, steps: stepsFromBody(body.steps), meaning: interpretEvent(eventFromBody(body)) };
}
