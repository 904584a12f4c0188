// @vitest-environment jsdom
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { attachToContentEditable, attachToTextarea } from '../../src/widget/field-adapters';
import { ENDPOINTS, useBackend } from '../react/dialog-harness';

useBackend();

describe('the field adapters leave nothing behind', () => {
  it('a contenteditable’s adapter stops watching the document’s selection when detached', () => {
    const element = document.createElement('div');
    element.contentEditable = 'true';
    document.body.append(element);
    const added = vi.spyOn(document, 'addEventListener');
    const removed = vi.spyOn(document, 'removeEventListener');
    const field = attachToContentEditable(element, { endpoints: ENDPOINTS });
    const watch = added.mock.calls.find(([type]) => type === 'selectionchange')?.[1];
    expect(watch).toBeTypeOf('function');
    field.detach();
    expect(removed).toHaveBeenCalledWith('selectionchange', watch);
    expect(element.nextElementSibling).toBeNull();
    element.remove();
  });

  it('a textarea’s adapter removes its button and keeps the field as it was', () => {
    const textarea = document.createElement('textarea');
    textarea.value = 'Unchanged.';
    document.body.append(textarea);
    const field = attachToTextarea(textarea, { endpoints: ENDPOINTS });
    expect(textarea.nextElementSibling?.getAttribute('data-ask-ai-part')).toBe('field-adapter');
    field.detach();
    expect(textarea.nextElementSibling).toBeNull();
    expect(textarea.value).toBe('Unchanged.');
    textarea.remove();
  });
});

describe('a field adapter’s handler', () => {
  it('opens on request, tells onApply of an answer that went in, and takes a new onApply from update', async () => {
    const textarea = document.createElement('textarea');
    textarea.value = 'The tram crosses the bridge. People wave from the windows.';
    document.body.append(textarea);
    const first = vi.fn();
    const second = vi.fn();
    // Kept open after Insert: jsdom's <dialog> fires no \`close\`, which a textarea's edit waits for when it closes.
    const field = attachToTextarea(textarea, { endpoints: ENDPOINTS, onApply: first, closeOnApply: false });
    const shadow = within(textarea.nextElementSibling!.shadowRoot as unknown as HTMLElement);
    // Polled: the first open loads the dialog's contents (a lazy chunk), and the answer streams in.
    // The dialog open first; then the control by role and name. (`hidden: true`: jsdom caches computed
    // styles inside a shadow root and misses the `open` attribute set after a query read the closed
    // dialog, so on a busy machine the open dialog's controls still computed as display: none.)
    const dialog = () => textarea.nextElementSibling!.shadowRoot!.querySelector('dialog');
    const control = async (role: 'button' | 'option', name: string) => {
      await vi.waitFor(() => expect(dialog()).toHaveAttribute('open'), { timeout: 20_000 });
      return vi.waitFor(() => shadow.getByRole(role, { name, hidden: true }), { timeout: 20_000 });
    };
    const user = userEvent.setup();
    const insertAnswer = async () => {
      // Each open starts clean, with the task list.
      const close = shadow.queryByRole('button', { name: 'Close' });
      if (close) await user.click(close);
      field.open();
      await user.click(await control('option', 'Summarise'));
      await user.click(await control('button', 'Insert below'));
    };
    await insertAnswer();
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(1));
    expect(first.mock.calls[0]![0]).toMatchObject({ as: 'insert' });
    // It went in: the field holds its text and the answer after it.
    expect(textarea.value).toMatch(/^The tram crosses the bridge\. People wave from the windows\..+/s);
    field.update({ onApply: second });
    await insertAnswer();
    await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(1));
    expect(first).toHaveBeenCalledTimes(1);
    field.detach();
    textarea.remove();
    // Two rounds, each of which may wait up to 20 s for a lazy chunk on a busy machine.
  }, 60_000);
});
