// What a React host writes: every public entry it uses, typed as it imports them.
import { AskAiDialog, type AskAiDialogProps, type TaskAnswer, type TaskAnswerMeta } from 'ask-ai-dialog';
import { createDialogSession, createTransport, type DialogSnapshot } from 'ask-ai-dialog/client';
import { createUnattendedFilter, type ToolTraits } from 'ask-ai-dialog/unattended';
import { defineAskAiDialogElement, mount } from 'ask-ai-dialog/widget';

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
