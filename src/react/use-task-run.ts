import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RunController, RunControllerOptions, RunSnapshot } from '../client';
import { createRunController } from '../client/run-controller';
import { IDLE_SNAPSHOT } from '../client/run-state';

const serverSnapshot = () => IDLE_SNAPSHOT;

/**
 * One run controller for the lifetime of the component (never a module singleton), its snapshot
 * through `useSyncExternalStore`. On the server the run is idle.
 */
export function useTaskRun(options: RunControllerOptions): { controller: RunController; snapshot: RunSnapshot } {
  const [controller] = useState(() => createRunController(options));
  const { transport, configuration, idleTimeoutMs } = options;
  useEffect(
    () => controller.setOptions({ transport, configuration, idleTimeoutMs }),
    [controller, transport, configuration, idleTimeoutMs],
  );
  // A dialog that goes away stops its task (and asks the server to cancel it).
  useEffect(() => () => controller.stop(), [controller]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, serverSnapshot);
  return { controller, snapshot };
}
