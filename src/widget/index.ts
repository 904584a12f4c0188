export { defineAskAiDialogElement, createAskAiDialogElementClass, type AskAiAnswerEventDetail } from './ask-ai-element';
export { mount, type MountedDialog } from './mount';
