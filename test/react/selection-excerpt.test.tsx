// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ARTICLE, openDialog, renderDialog, useBackend } from './dialog-harness';

useBackend();

describe('the selection in view', () => {
  it('shows the selected text at the top of the dialog, before the task form', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const excerpt = dialog.querySelector('[data-ask-ai-part="selection"]');
    expect(excerpt).toHaveTextContent(ARTICLE.slice(0, 60));
    const form = dialog.querySelector('[data-ask-ai-part="form"]')!;
    expect(excerpt!.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a long selection’s first 240 characters, cut on a whole character, and says it goes on', async () => {
    const selection = `${'a'.repeat(239)}😀${'b'.repeat(500)}`;
    const { user } = renderDialog({ context: { selection } });
    const dialog = await openDialog(user);
    const text = dialog.querySelector('[data-ask-ai-part="selection"]')!.textContent!;
    expect(text).toBe(`${'a'.repeat(239)}…`);
  });
});
