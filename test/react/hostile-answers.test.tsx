// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AskAiDialog } from '../../src/react';
import { answerWith, ENDPOINTS, openDialog, runInstruction, settled, useBackend } from './dialog-harness';
import userEvent from '@testing-library/user-event';

useBackend();

/** The host's page: its own content in the same React root as the dialog. */
function HostPage() {
  return (
    <main>
      <h1>Edit content element</h1>
      <p>The host’s own paragraph.</p>
      <AskAiDialog endpoints={ENDPOINTS} context={{ selection: 'Some text.' }} onInsert={onInsert} />
    </main>
  );
}
const onInsert = vi.fn();

const PAYLOADS: Array<[string, string]> = [
  ['1,650 nested blockquotes', `${'>'.repeat(1650)} deep`],
  ['1,650 spaced blockquote markers', `${'> '.repeat(1650)}deep`],
  ['1,140 nested list markers on one line', `${'- '.repeat(1140)}item`],
  [
    '1,000 lines of ever deeper lists',
    Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'),
  ],
  ['6,600 emphasis markers around a word', `${'*'.repeat(6600)}a${'*'.repeat(6600)}`],
  ['3,300 alternating emphasis markers', `${'*_'.repeat(3300)}a${'_*'.repeat(3300)}`],
  ['5,000 nested link brackets', `${'['.repeat(5000)}a${'](https://x.example)'.repeat(5000)}`],
  ['1,000 code fences', '```\n'.repeat(1000)],
  ['a 300 kB answer', 'word '.repeat(60_000)],
];

describe('no answer can take the host page down', () => {
  it.each(PAYLOADS)(
    '%s: the answer shows, the host keeps its content, the answer stays insertable',
    async (_name, answer) => {
      answerWith(answer);
      const user = userEvent.setup();
      render(<HostPage />);
      const dialog = await openDialog(user);
      await runInstruction(user, 'Go');
      await settled();
      expect(screen.getByText('The host’s own paragraph.')).toBeInTheDocument();
      const region = await within(dialog).findByRole('region', { name: 'Answer' });
      await waitFor(() => expect(region.querySelector('div')?.childNodes.length).toBeGreaterThan(0));
      onInsert.mockClear();
      await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
      await waitFor(() => expect(onInsert).toHaveBeenCalledTimes(1));
      expect((onInsert.mock.calls[0] as [{ markdown: string; text: string }])[0].markdown).toBe(answer);
    },
  );
});
