import { useEffect, useState, useSyncExternalStore } from 'react';
import { frameThrottled } from './frame-store';
import type { DialogSession, DialogSessionSettings, DialogSnapshot } from '../session';
import { createDialogSession } from '../session/dialog-session';

/**
 * One dialog session for the lifetime of the component (never a module singleton), its snapshot
 * through `useSyncExternalStore`. Every render hands the latest settings on; a setting the host
 * removes goes back to its default. Unmounting disposes the session: a task still waiting for the
 * tool list is never posted, a running one is stopped (as when the page is left: the session listens).
 */
export function useDialogSession(settings: DialogSessionSettings): [DialogSession, DialogSnapshot] {
  const [session] = useState(() => createDialogSession(settings));
  const { transport, queryClient, configuration, idleTimeoutMs, context, contextLimit } = settings;
  useEffect(() => {
    session.setOptions({ transport, queryClient, configuration, idleTimeoutMs, context, contextLimit });
  }, [session, transport, queryClient, configuration, idleTimeoutMs, context, contextLimit]);
  useEffect(() => () => session.dispose(), [session]);
  // A streamed answer renders once a frame: the dialog is not rendered again for every network chunk.
  const [frames] = useState(() => frameThrottled(session, bothRunning));
  const snapshot = useSyncExternalStore(frames.subscribe, frames.getSnapshot, session.getSnapshot);
  return [session, snapshot];
}

const bothRunning = (shown: DialogSnapshot, next: DialogSnapshot) =>
  shown.status === 'running' && next.status === 'running';
