import { beforeTimeout, GLOBAL_TIMERS, TIMED_OUT, type Timers } from './idle-timeout';
import { loadRunReaders } from './load-run-readers';
import type { EndpointUrl, Transport } from './transport';

export type CancelTarget = { readonly runUuid: string } | { readonly requestId: string };

/** How long a cancel request may take: then it counts as not confirmed (the dialog says so). */
export const CANCEL_TIMEOUT_MS = 10_000;

export interface CancelOptions {
  readonly timers?: Timers | undefined;
  /** The page is being left: the request must outlive it (`fetch` with `keepalive`). */
  readonly keepalive?: boolean | undefined;
}

/**
 * Asks the cancel endpoint to stop a run; `true` only when it confirms in time. Never throws. The
 * request leaves at once (a page being left has no time to wait); its answer is read by the run's
 * reader code, which the stopped run has loaded.
 */
export async function requestCancel(
  transport: Transport,
  url: EndpointUrl,
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
      .then(async (response) => (await loadRunReaders())?.cancelConfirmed(response, now) ?? false);
    const confirmed = await beforeTimeout(sent, CANCEL_TIMEOUT_MS, options.timers ?? GLOBAL_TIMERS);
    if (confirmed === TIMED_OUT) {
      transport.warn({ code: 'cancelFailed', message: 'The cancel request got no answer in time.' });
      return false;
    }
    if (!confirmed) transport.warn({ code: 'cancelFailed', message: 'The server did not confirm the cancel.' });
    return confirmed;
  } catch {
    transport.warn({ code: 'cancelFailed', message: 'The cancel request failed.' });
    return false;
  }
}
