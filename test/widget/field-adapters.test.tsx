// @vitest-environment jsdom
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
