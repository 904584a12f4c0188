import { CancelAnswerSchema } from '../contract/cancel';
import { readJsonAnswer } from './http-answer';
import { beforeTimeout, GLOBAL_TIMERS, TIMED_OUT, type Timers } from './idle-timeout';
import type { Transport } from './transport';

export type CancelTarget = { readonly runUuid: string } | { readonly requestId: string };

/** How long a cancel request may take: then it counts as not confirmed (the dialog says so). */
export const CANCEL_TIMEOUT_MS = 10_000;

export interface CancelOptions {
  readonly timers?: Timers | undefined;
  /** The page is being left: the request must outlive it (`fetch` with `keepalive`). */
  readonly keepalive?: boolean | undefined;
}

/** Asks the cancel endpoint to stop a run; `true` only when it confirms in time. Never throws. */
export async function requestCancel(
  transport: Transport,
  url: string,
  target: CancelTarget,
  now: number,
  options: CancelOptions = {},
) {
  try {
    const sent = transport
      .send(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(target),
        ...(options.keepalive ? { keepalive: true } : {}),
      })
      .then((response) => readJsonAnswer(response, now));
    const answer = await beforeTimeout(sent, CANCEL_TIMEOUT_MS, options.timers ?? GLOBAL_TIMERS);
    if (answer === TIMED_OUT) {
      transport.warn({ code: 'cancelFailed', message: 'The cancel request got no answer in time.' });
      return false;
    }
    const parsed = answer.ok ? CancelAnswerSchema.safeParse(answer.body) : null;
    const confirmed = parsed?.success === true && parsed.data.cancelled;
    if (!confirmed) transport.warn({ code: 'cancelFailed', message: 'The server did not confirm the cancel.' });
    return confirmed;
  } catch {
    transport.warn({ code: 'cancelFailed', message: 'The cancel request failed.' });
    return false;
  }
}
