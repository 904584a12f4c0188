// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '../../src/react/copy-text';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (document as { execCommand?: unknown }).execCommand;
  document.body.replaceChildren();
});

/** The browser's `copy` command, recording what was selected when it ran. */
function copyCommand(result: boolean | 'throws') {
  const copied: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: (command: string) => {
      const area = document.querySelector('textarea')!;
      const hidden = area.getAttribute('aria-hidden') === 'true' && area.readOnly && area.tabIndex === -1;
      copied.push(`${command} in ${area.parentElement!.localName}${hidden ? ', hidden' : ''}:`);
      copied.push(area.value.slice(area.selectionStart, area.selectionEnd));
      if (result === 'throws') throw new Error('not allowed');
      return result;
    },
  });
  return copied;
}

/** A dialog with a part of it (`near`) and the focused Copy button. */
function near() {
  const dialog = document.createElement('dialog');
  const part = document.createElement('section');
  const button = document.createElement('button');
  part.append(button);
  dialog.append(part);
  document.body.append(dialog);
  button.focus();
  return { dialog, part, button };
}

describe('copyText', () => {
  it('uses the Clipboard API where the page has it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const copied = copyCommand(true);
    expect(await copyText('Answer.', near().part)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('Answer.');
    expect(copied).toEqual([]);
  });

  it('falls back on the copy command, on a hidden textarea inside the dialog, then puts focus back', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const copied = copyCommand(true);
    const { dialog, part, button } = near();
    expect(await copyText('Answer.', part)).toBe(true);
    expect(copied).toEqual(['copy in section, hidden:', 'Answer.']);
    expect(dialog.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says so when nothing could copy', async () => {
    vi.stubGlobal('navigator', {});
    expect(await copyText('Answer.', near().part)).toBe(false);
    copyCommand(false);
    expect(await copyText('Answer.', near().part)).toBe(false);
    copyCommand('throws');
    const { dialog, part } = near();
    expect(await copyText('Answer.', part)).toBe(false);
    expect(dialog.querySelector('textarea')).toBeNull();
  });
});
