import type * as RunReaders from './run-readers';

/**
 * Fetches the code that reads the backend's answers to a run — the stream or the one body, the cancel
 * request's answer, the feedback post — as a chunk of its own (the module loader keeps it once
 * fetched). The dialog asks for it when it opens or its trigger is hovered, so a task never waits for
 * it; `null` when it could not be fetched (offline, or a deploy removed the chunk).
 */
export const loadRunReaders = (): Promise<typeof RunReaders | null> => import('./run-readers').catch(() => null);
