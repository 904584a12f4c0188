// What a React host writes: every public entry it uses, typed as it imports them.
import { AskAiDialog, type AskAiDialogProps, type TaskAnswer, type TaskAnswerMeta } from 'ask-ai-dialog';
import { createDialogSession, createTransport, type DialogSnapshot } from 'ask-ai-dialog/client';
import { createUnattendedFilter, type ToolTraits } from 'ask-ai-dialog/unattended';
import { defineAskAiDialogElement, mount } from 'ask-ai-dialog/widget';
import {
  attachEditor,
  textareaAdapter,
  type AskAiDialogSettings,
  type AskAiEditorOptions,
  type EditorAdapter,
} from 'ask-ai-dialog/editors';
import type { FieldAdapterOptions } from 'ask-ai-dialog/fields';

const traits: ToolTraits[] = [
  {
    name: 'get_page_content',
    approvalMarker: false,
    remote: false,
    remoteApproval: null,
    effect: null,
    requiresInput: false,
  },
];
export const offered: string[] = createUnattendedFilter(traits).unattended(['get_page_content']);

const transport = createTransport({ endpoints: { tools: '/tools', run: '/run' } });
const session = createDialogSession({ transport });
export const status: DialogSnapshot['status'] = session.getSnapshot().status;

const onInsert = (answer: TaskAnswer, meta: TaskAnswerMeta): string => `${answer.text} ${meta.instruction}`;
const props: AskAiDialogProps = { endpoints: { tools: '/tools', run: '/run' }, locale: 'de', onInsert };
export const dialog = <AskAiDialog {...props} />;
export const define: () => CustomElementConstructor = defineAskAiDialogElement;
export const mounted: typeof mount = mount;

// The editor seam: a host's own editor on attachEditor, the dialog rendered by the widget's mount.
const field = document.createElement('textarea');
const adapter: EditorAdapter = textareaAdapter(field);
export const attached = attachEditor(adapter, { mount, props: { ...props, hideTrigger: true } });
// One options type for every editor front end.
export const fieldOptions: FieldAdapterOptions = { endpoints: props.endpoints, onApply: () => undefined };
export const editorOptions: AskAiEditorOptions = fieldOptions;
// The seam owns the options and the dialog's settings: a front end passes them on without React's types.
export const settings: AskAiDialogSettings = { ...editorOptions, open: true };
export const mountedBy: AskAiEditorOptions['mount'] = mount;
