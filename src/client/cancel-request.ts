import { CancelAnswerSchema } from '../contract/cancel';
import { readJsonAnswer } from './http-answer';
import type { Transport } from './transport';

export type CancelTarget = { readonly runUuid: string } | { readonly requestId: string };

/** Asks the cancel endpoint to stop a run; `true` only when it confirms. Never throws. */
export async function requestCancel(transport: Transport, url: string, target: CancelTarget, now: number) {
  try {
    const response = await transport.send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(target),
    });
    const answer = await readJsonAnswer(response, now);
    const parsed = answer.ok ? CancelAnswerSchema.safeParse(answer.body) : null;
    const confirmed = parsed?.success === true && parsed.data.cancelled;
    if (!confirmed) transport.warn({ code: 'cancelFailed', message: 'The server did not confirm the cancel.' });
    return confirmed;
  } catch {
    transport.warn({ code: 'cancelFailed', message: 'The cancel request failed.' });
    return false;
  }
}
