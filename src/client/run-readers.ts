/**
 * What reads the backend's answers to a run: the NDJSON stream or the one JSON body (with the events'
 * meaning and their schemas), the cancel endpoint's answer and the feedback post. Loaded apart
 * (`loadRunReaders`): a page that only shows the trigger never loads it.
 */
export { readRunStream } from './stream-reader';
export { readUnstreamedRun } from './unstreamed-answer';
export { isRedirect } from './http-answer';
export { cancelConfirmed } from './cancel-answer';
export { sendFeedback } from './send-feedback';
