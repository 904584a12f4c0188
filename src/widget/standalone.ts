/**
 * `ask-ai-dialog/widget/standalone`: one ES module with the dialog inside (Preact in React's place), for
 * pages without a bundler.
 * Its one side effect, by design: loading it defines `<ask-ai-dialog>`.
 */
import { defineAskAiDialogElement } from './ask-ai-element';

export { defineAskAiDialogElement, mount, type MountedDialog } from './index';
export {
  attachToTextarea,
  attachToContentEditable,
  type AttachedField,
  type FieldAdapterOptions,
  type FieldApplyEvent,
} from './field-adapters';
export { typo3Endpoints, typo3EndpointsRefresh } from '../client/typo3-endpoints';
// The editor seam (`ask-ai-dialog/editors`) whole: the CKEditor 5 plugin imports it from here when built.
export * from '../editors';

/** For the CKEditor 5 plugin, which shares this runtime: the answer as DOM (its converter loads lazily). */
export { answerDom, preloadAnswerDom } from '../editors/answer-dom';

defineAskAiDialogElement();
