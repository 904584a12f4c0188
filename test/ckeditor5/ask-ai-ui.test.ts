// @vitest-environment jsdom
import { Essentials, Paragraph, type ButtonView, type ClassicEditor } from 'ckeditor5';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AskAi } from '../../src/ckeditor5/ask-ai';
import type { AskAiConfig } from '../../src/ckeditor5/config';
import type { AskAiDialogProps } from '../../src/react';
import { classicEditor, editors } from '../support/ckeditor-jsdom';

/**
 * AskAiUI on CKEditor's own classes in jsdom: the toolbar button and Ctrl+J, the command's state, the
 * settings the dialog is given (language, presets, TYPO3's routes, the record, the content's language),
 * run-time changes, and what it leaves behind when the editor goes. Chromium proves what needs layout.
 */

const shown: AskAiDialogProps[] = [];
let unmounted = 0;
/** A dialog that records the settings it is given. */
function recordingMount(_host: HTMLElement, props: AskAiDialogProps) {
  shown.push(props);
  return {
    update: (next: Partial<AskAiDialogProps>) => void shown.push({ ...shown.at(-1)!, ...next }),
    unmount: () => void unmounted++,
  };
}
const last = () => shown.at(-1)!;

function editorWith(askAi: AskAiConfig | undefined, more: Record<string, unknown> = {}) {
  return classicEditor({
    plugins: [Essentials, Paragraph, AskAi],
    toolbar: ['askAi'],
    initialData: '<p>The harbour opened in 1871.</p>',
    ...(askAi ? { askAi: { mount: recordingMount, ...askAi } } : {}),
    ...more,
  });
}

/** An editor in a frame of the page, as TYPO3's backend puts the form in one. */
async function editorInFrame(askAi: AskAiConfig) {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const frameWindow = frame.contentWindow!;
  const element = frameWindow.document.createElement('div');
  frameWindow.document.body.append(element);
  const { ClassicEditor: Classic } = await import('ckeditor5');
  const editor = await Classic.create(element, {
    licenseKey: 'GPL',
    plugins: [Essentials, Paragraph, AskAi],
    toolbar: ['askAi'],
    askAi: { mount: recordingMount, ...askAi },
  });
  editors.push(editor);
  // jsdom's frame has its own idea of the page it is in: the top document is the one its `top` gives.
  return { editor, frameWindow, top: frameWindow.top!.document, own: frameWindow.document };
}
const host = (doc: Document) => doc.body.querySelector('[data-ask-ai-part="ckeditor5"]');

const ENDPOINTS = { endpoints: { tools: '/tools', run: '/run' } };
const button = (editor: ClassicEditor) => editor.ui.view.toolbar.items.get(0) as ButtonView;
const ctrlJ = (editor: ClassicEditor) =>
  editor.keystrokes.press({
    keyCode: 74,
    ctrlKey: true,
    altKey: false,
    shiftKey: false,
    metaKey: false,
    preventDefault: () => undefined,
    stopPropagation: () => undefined,
  } as never);

beforeEach(() => {
  shown.length = 0;
  unmounted = 0;
});
afterEach(() => {
  delete (globalThis as { TYPO3?: unknown }).TYPO3;
});

describe('AskAiUI', () => {
  it('adds a labelled button with the sparkle and Ctrl+J, in the editor’s language or the host’s words', async () => {
    const english = await editorWith(ENDPOINTS);
    expect(button(english)).toMatchObject({ label: 'Ask AI', withText: true, tooltip: true, keystroke: 'Ctrl+J' });
    expect(button(english).icon).toContain('<svg');
    const german = await editorWith(ENDPOINTS, { language: { ui: 'de' } });
    expect(button(german).label).toBe('KI fragen');
    const own = await editorWith({ ...ENDPOINTS, messages: { trigger: 'Frag die KI' } } as AskAiConfig);
    expect(button(own).label).toBe('Frag die KI');
  });

  it('is disabled, and Ctrl+J does nothing, until a backend is configured; configure() enables it', async () => {
    const editor = await editorWith({});
    expect(editor.commands.get('askAi')!.isEnabled).toBe(false);
    expect(button(editor).isEnabled).toBe(false);
    ctrlJ(editor);
    expect(shown).toEqual([]);
    editor.plugins.get('AskAiUI').configure(ENDPOINTS);
    expect(button(editor).isEnabled).toBe(true);
    ctrlJ(editor);
    expect(last().open).toBe(true);
  });

  it('opens the dialog from the button on the editor’s language, its own trigger hidden', async () => {
    const editor = await editorWith(ENDPOINTS, { language: { ui: 'de' } });
    button(editor).fire('execute');
    expect(last()).toMatchObject({ open: true, locale: 'de', hideTrigger: true, endpoints: ENDPOINTS.endpoints });
    editor.plugins.get('AskAiUI').configure({ locale: 'en' });
    expect(last().locale).toBe('en');
  });

  it('gives the backend’s tasks beside the dialog’s own, or instead of them', async () => {
    const teaser = { id: 'nrllm-task-11', label: 'Teaser', prompt: 'Teaser', use: 'insert' } as never;
    const beside = await editorWith({ ...ENDPOINTS, taskPresets: [teaser] });
    beside.plugins.get('AskAiUI').open();
    expect(last().morePresets).toEqual([teaser]);
    expect(last().presets).toBeUndefined();
    const instead = await editorWith({ ...ENDPOINTS, taskPresets: [teaser], taskPresetPlacement: 'instead' });
    instead.plugins.get('AskAiUI').open();
    expect(last().presets).toEqual([teaser]);
    const none = await editorWith({ ...ENDPOINTS, taskPresets: [] });
    none.plugins.get('AskAiUI').open();
    expect(last().morePresets).toBeUndefined();
  });

  it('takes the endpoints from TYPO3’s routes, and says a missing route by a failed request, not a crash', async () => {
    (globalThis as { TYPO3?: unknown }).TYPO3 = {
      settings: { ajaxUrls: { ask_ai_tools: '/t?token=1', ask_ai_run: '/r?token=1', ask_ai_routes: '/x?token=1' } },
    };
    const routes = { tools: 'ask_ai_tools', run: 'ask_ai_run', routes: 'ask_ai_routes' };
    const editor = await editorWith({ routes });
    editor.plugins.get('AskAiUI').open();
    expect(last().endpoints).toMatchObject({ tools: '/t?token=1', run: '/r?token=1' });
    expect(typeof last().refreshEndpoints).toBe('function');
    const refresh = last().refreshEndpoints;
    editor.plugins.get('AskAiUI').configure({ locale: 'de' });
    expect(last().refreshEndpoints).toBe(refresh);

    const broken = await editorWith({ routes: { tools: 'ask_ai_tools', run: 'not_published' } });
    expect(broken.commands.get('askAi')!.isEnabled).toBe(true);
    broken.plugins.get('AskAiUI').open();
    expect(last().endpoints).toEqual({ tools: '', run: '' });
  });

  it('sends the record and the content’s language only where the host set them', async () => {
    const plain = await editorWith(ENDPOINTS);
    plain.plugins.get('AskAiUI').open();
    expect(last().context).not.toHaveProperty('contentLanguage');
    expect(last().context).not.toHaveProperty('recordTable');
    const typo3 = await editorWith(
      { ...ENDPOINTS, record: { table: 'tt_content', uid: 7, field: 'bodytext' } },
      { language: { ui: 'en', content: 'de' } },
    );
    typo3.plugins.get('AskAiUI').open();
    expect(last().context).toMatchObject({
      contentLanguage: 'de',
      recordTable: 'tt_content',
      recordUid: 7,
      recordField: 'bodytext',
    });
  });

  it('puts the dialog where the host says; the editor gone, its dialog and held-selection style go too', async () => {
    const place = document.createElement('section');
    document.body.append(place);
    const editor = await editorWith({ ...ENDPOINTS, container: () => place });
    editor.plugins.get('AskAiUI').open();
    expect(place.querySelector('[data-ask-ai-part="ckeditor5"]')).not.toBeNull();
    const sheets = () => document.adoptedStyleSheets?.length ?? document.querySelectorAll('style').length;
    const withSheet = sheets();
    editors.splice(editors.indexOf(editor), 1);
    await editor.destroy();
    expect(unmounted).toBe(1);
    expect(place.querySelector('[data-ask-ai-part="ckeditor5"]')).toBeNull();
    expect(sheets()).toBeLessThan(withSheet);
  });

  it('in a frame, puts the dialog in the frame’s page, or in the top page for `container: "top"`', async () => {
    const inFrame = await editorInFrame(ENDPOINTS);
    inFrame.editor.plugins.get('AskAiUI').open();
    expect(host(inFrame.own)).not.toBeNull();
    expect(inFrame.top).not.toBe(inFrame.own);
    expect(host(inFrame.top)).toBeNull();

    const onTop = await editorInFrame({ ...ENDPOINTS, container: 'top' });
    onTop.editor.plugins.get('AskAiUI').open();
    expect(host(onTop.top)).not.toBeNull();
    expect(host(onTop.own)).toBeNull();
  });

  it('takes a dialog put in the top page away when the frame’s page goes, and opens a new one after', async () => {
    const { editor, frameWindow, top } = await editorInFrame({ ...ENDPOINTS, container: 'top' });
    const ui = editor.plugins.get('AskAiUI');
    ui.open();
    expect(host(top)).not.toBeNull();

    frameWindow.dispatchEvent(new (frameWindow as unknown as typeof globalThis).Event('pagehide'));
    expect(unmounted).toBe(1);
    expect(host(top)).toBeNull();

    ui.open();
    expect(host(top)).not.toBeNull();
    expect(last().open).toBe(true);
  });

  it('stops listening for the frame’s page going when the editor goes', async () => {
    const { editor, frameWindow } = await editorInFrame({ ...ENDPOINTS, container: 'top' });
    const added = vi.spyOn(frameWindow, 'addEventListener');
    const removed = vi.spyOn(frameWindow, 'removeEventListener');
    editor.plugins.get('AskAiUI').open();
    const listener = added.mock.calls.find(([type]) => type === 'pagehide')?.[1];
    expect(listener).toBeTypeOf('function');
    editors.splice(editors.indexOf(editor), 1);
    await editor.destroy();
    expect(removed).toHaveBeenCalledWith('pagehide', listener);
  });
});
