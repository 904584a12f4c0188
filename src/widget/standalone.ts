/**
 * `ask-ai-dialog/widget/standalone`: one ES module with React inside, for pages without a bundler.
 * Its one side effect, by design: loading it defines `<ask-ai-dialog>`.
 */
import { defineAskAiDialogElement } from './ask-ai-element';

export { defineAskAiDialogElement, mount } from './index';

defineAskAiDialogElement();
