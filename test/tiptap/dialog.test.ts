// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AskAiDialogProps } from '../../src/react';
import { AskAi } from '../../src/tiptap';

/**
 * Ask AI in Tiptap: `askAi()` (and Mod-j) open the dialog on the selection — one dialog per editor, placed
 * where the host says, marked as Tiptap's — the selection shown as held while the dialog is open (a
 * decoration the editor renders), the held-selection style adopted into the editor's document; destroying
 * the editor takes the dialog and the style away.
 */
let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.replaceChildren();
});

function setUp(container?: HTMLElement) {
  const element = document.createElement('div');
  document.body.append(element);
  const mounted: { host: HTMLElement; props: AskAiDialogProps }[] = [];
  const unmount = vi.fn();
  const mount = vi.fn((host: HTMLElement, props: AskAiDialogProps) => {
    const record = { host, props };
    mounted.push(record);
    return { update: (next: AskAiDialogProps) => (record.props = next), unmount };
  });
  editor = new Editor({
    element,
    extensions: [
      StarterKit,
      AskAi.configure({
        endpoints: { tools: '/tools', run: '/run' },
        mount,
        container: container ? () => container : undefined,
      } as never),
    ],
    content: '<p>The harbour opened in 1871.</p><p>Visitors come by tram.</p>',
  });
  return { editor, mount, mounted, unmount };
}

const held = () => [...document.querySelectorAll('[data-ask-ai-held]')].map((node) => node.textContent);
/** The held-selection style in the page (jsdom has no constructable sheets: a style element). */
const sheets = () =>
  [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('ask-ai-held-selection'))
    .length;

describe('Tiptap: the Ask AI dialog', () => {
  it('opens on the selection, once per editor, the held text shown until the dialog closes', () => {
    const { editor, mount, mounted } = setUp();
    editor.commands.setTextSelection({ from: 30, to: 39 });
    expect(editor.commands.askAi()).toBe(true);
    expect(mounted[0]!.props).toMatchObject({ open: true, hideTrigger: true });
    expect(mounted[0]!.props.context).toMatchObject({ selection: 'Visitors ' });
    expect(mounted[0]!.host).toHaveAttribute('data-ask-ai-part', 'tiptap');
    expect(held()).toEqual(['Visitors ']);
    // Typed right before or right after it (a host's edit while the dialog is open): not part of it.
    editor.commands.insertContentAt(30, 'Now ');
    editor.commands.insertContentAt(43, 'often ');
    expect(editor.getText()).toContain('Now Visitors often come by tram.');
    expect(held()).toEqual(['Visitors ']);

    mounted[0]!.props.onOpenChange?.(false);
    expect(held()).toEqual([]);
    editor.commands.askAi();
    expect(mount).toHaveBeenCalledOnce();
  });

  it('puts the dialog where the host says, else right after the editor', () => {
    const place = document.createElement('aside');
    document.body.append(place);
    const { editor, mounted } = setUp(place);
    editor.commands.askAi();
    expect(mounted[0]!.host.parentElement).toBe(place);
  });

  it('adopts the held-selection style once, and takes it and the dialog away with the editor', () => {
    const { editor, unmount } = setUp();
    expect(sheets()).toBe(0);
    editor.commands.askAi();
    editor.commands.askAi();
    expect(sheets()).toBe(1);
    editor.destroy();
    expect(unmount).toHaveBeenCalledOnce();
    expect(sheets()).toBe(0);
  });
});
