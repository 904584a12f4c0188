// A deliberate type error: it must be reported. If the package's types resolved to `any`, it would not be.
import { AskAiDialog, type AskAiDialogProps } from 'ask-ai-dialog';
import { createUnattendedFilter } from 'ask-ai-dialog/unattended';

const props: AskAiDialogProps = { endpoints: { tools: 42, run: '/run' } };
export const dialog = <AskAiDialog {...props} />;
export const names: number[] = createUnattendedFilter([]).unattended(['x']);
