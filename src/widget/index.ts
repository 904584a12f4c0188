export { defineAskAiDialogElement, createAskAiDialogElementClass, type AskAiAnswerEventDetail } from './ask-ai-element';
export { mount, type MountedDialog } from './mount';
export {
  attachToTextarea,
  attachToContentEditable,
  type AttachedField,
  type FieldAdapterOptions,
  type FieldApplyEvent,
} from './field-adapters';
