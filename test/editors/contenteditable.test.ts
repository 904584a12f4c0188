// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TaskAnswer, TaskAnswerMeta } from '../../src/client';
import { contentEditableAdapter } from '../../src/editors/contenteditable';

const META = { instruction: 'Improve', runUuid: 'run-1' } as unknown as TaskAnswerMeta;
const answer = (markdown: string, text = markdown): TaskAnswer => ({ markdown, text });

function region(html = '<p>The museum reopens in May. Tours start hourly.</p>', editable = 'true') {
  const element = document.createElement('div');
  element.setAttribute('contenteditable', editable);
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

/** Selects `text` (its first occurrence in the first text node holding it) as a user would. */
function select(within: HTMLElement, text: string) {
  const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const at = node.data.indexOf(text);
    if (at === -1) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    return;
  }
  throw new Error(`no "${text}"`);
}

/** The browser's own `insertHTML`, as far as these tests need it: records what it was given. */
function nativeEdit(result: 'edits' | 'declines' | 'throws') {
  const given: unknown[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: (command: string, _ui: boolean, html: unknown) => {
      given.push(command, html);
      if (result === 'throws') throw new TypeError('refused by the page’s policy');
      if (result === 'declines') return false;
      const range = document.getSelection()!.getRangeAt(0);
      range.deleteContents();
      const holder = document.createElement('template');
      holder.innerHTML = String(html);
      range.insertNode(holder.content);
      return true;
    },
  });
  return given;
}

afterEach(() => {
  delete (document as { execCommand?: unknown }).execCommand;
  document.body.replaceChildren();
});

describe('a contenteditable region as an editor', () => {
  it('gives the held selection’s box, and none once the region has left the page', () => {
    // jsdom lays nothing out and has no Range#getClientRects: every range has this one box here.
    const box = { top: 10, left: 20, right: 120, bottom: 30, width: 100, height: 20 } as DOMRect;
    Object.defineProperty(Range.prototype, 'getClientRects', { configurable: true, value: () => [box] });
    onTestFinished(() => void delete (Range.prototype as { getClientRects?: unknown }).getClientRects);
    const element = region();
    select(element, 'museum');
    const capture = contentEditableAdapter(element).capture();
    expect(capture.rect?.()).toEqual({ top: 10, left: 20, right: 120, bottom: 30 });
    element.remove();
    expect(capture.rect?.()).toBeNull();
  });

  it('needs the dialog closed to edit, and holds the selection made in the region only', () => {
    const element = region();
    const adapter = contentEditableAdapter(element);
    expect(adapter.editsAfterClose).toBe(true);
    select(element, 'Tours start hourly.');
    const outside = region('<p>Elsewhere on the page.</p>', 'false');
    select(outside, 'Elsewhere');
    const capture = adapter.capture();
    expect(capture.selection).toBe('Tours start hourly.');
    expect(capture.document).toBe('The museum reopens in May. Tours start hourly.');
  });

  it('gives the held selection back when the dialog closes with nothing written', () => {
    const element = region();
    const adapter = contentEditableAdapter(element);
    select(element, 'Tours start hourly.');
    const capture = adapter.capture();
    document.getSelection()!.removeAllRanges();
    capture.restore?.();
    expect(document.getSelection()!.toString()).toBe('Tours start hourly.');
  });

  it('gives the held selection back over a selection made elsewhere meanwhile', () => {
    const element = region();
    const adapter = contentEditableAdapter(element);
    select(element, 'Tours start hourly.');
    const capture = adapter.capture();
    const outside = region('<p>Elsewhere on the page.</p>', 'false');
    select(outside, 'Elsewhere');
    capture.restore?.();
    expect(document.getSelection()!.toString()).toBe('Tours start hourly.');
  });

  it('stops following the selection once disposed', () => {
    const element = region();
    const adapter = contentEditableAdapter(element);
    select(element, 'Tours');
    adapter.dispose();
    select(element, 'museum');
    select(region('<p>Outside</p>'), 'Outside');
    expect(adapter.capture().selection).toBe('Tours');
  });

  it('refuses Replace without a selection, or with a collapsed one', () => {
    const element = region();
    const nothing = contentEditableAdapter(element).capture();
    expect(nothing.selection).toBe('');
    expect(nothing.verify('replace', answer('x'))).toEqual({ refused: 'selectionRemoved' });
    expect(nothing.verify('insert', answer('x'))).toBeNull();

    const text = element.querySelector('p')!.firstChild!;
    const caret = document.createRange();
    caret.setStart(text, 3);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(caret);
    expect(contentEditableAdapter(element).capture().verify('replace', answer('x'))).toEqual({
      refused: 'selectionRemoved',
    });
  });

  it('refuses Replace once the held text left the region', () => {
    const element = region('<p>Keep.</p><p>Held words.</p>');
    select(element, 'Held words.');
    const capture = contentEditableAdapter(element).capture();
    element.querySelectorAll('p')[1]!.remove();
    expect(capture.verify('replace', answer('x'))).toEqual({ refused: 'selectionRemoved' });
  });

  it('reads whether it is editable from the nearest contenteditable attribute', () => {
    const parent = region('', 'true');
    const child = document.createElement('div');
    child.textContent = 'Inner.';
    parent.append(child);
    select(child, 'Inner.');
    expect(contentEditableAdapter(child).capture().verify('insert', answer('x'))).toBeNull();
    const plain = document.createElement('div');
    plain.textContent = 'Not editable.';
    document.body.append(plain);
    expect(contentEditableAdapter(plain).capture().verify('insert', answer('x'))).toEqual({ refused: 'readOnly' });
  });

  it('inserts below the selection’s block, replaces it, as elements, telling the page as a paste would', async () => {
    const element = region();
    const adapter = contentEditableAdapter(element);
    await vi.dynamicImportSettled();
    const events: InputEvent[] = [];
    element.addEventListener('input', (event) => events.push(event as InputEvent));
    select(element, 'The museum reopens in May.');
    expect(adapter.capture().apply('insert', answer('Entry is **free**.', 'Entry is free.'), META)).toBeNull();
    expect(element.innerHTML).toBe(
      '<p>The museum reopens in May. Tours start hourly.</p><p>Entry is <strong>free</strong>.</p>',
    );
    expect(events.map((event) => event.inputType)).toEqual(['insertFromPaste']);
    select(element, 'Tours start hourly.');
    expect(adapter.capture().apply('replace', answer('Tours every hour.'), META)).toBeNull();
    expect(element.textContent).toBe('The museum reopens in May. Tours every hour.Entry is free.');
    expect(element.textContent).not.toContain('hourly');
  });

  it('inserts at the end of the region where nothing in it is selected', async () => {
    const element = region('<p>Only text.</p>');
    await vi.dynamicImportSettled();
    expect(contentEditableAdapter(element).capture().apply('insert', answer('Added.'), META)).toBeNull();
    expect(element.innerHTML).toBe('<p>Only text.</p><p>Added.</p>');
  });

  it('inserts after the region’s last block where all of it is selected, and into an empty region', async () => {
    const element = region('<p>First.</p><p>Second.</p>');
    await vi.dynamicImportSettled();
    const adapter = contentEditableAdapter(element);
    const all = document.createRange();
    all.selectNodeContents(element);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(all);
    document.dispatchEvent(new Event('selectionchange'));
    expect(adapter.capture().apply('insert', answer('Added.'), META)).toBeNull();
    expect(element.innerHTML).toBe('<p>First.</p><p>Second.</p><p>Added.</p>');

    const empty = region('');
    expect(contentEditableAdapter(empty).capture().apply('insert', answer('Added.'), META)).toBeNull();
    expect(empty.innerHTML).toBe('<p>Added.</p>');
  });

  it('inserts after the selected words in a region without blocks', async () => {
    const element = region('One two three.');
    await vi.dynamicImportSettled();
    const adapter = contentEditableAdapter(element);
    select(element, 'two');
    expect(adapter.capture().apply('insert', answer('Added.'), META)).toBeNull();
    expect(element.textContent).toBe('One twoAdded. three.');
  });

  it('gives the browser’s own edit the answer’s elements as HTML, one undo step', async () => {
    const given = nativeEdit('edits');
    const element = region();
    await vi.dynamicImportSettled();
    const events: Event[] = [];
    element.addEventListener('input', (event) => events.push(event));
    select(element, 'Tours start hourly.');
    expect(contentEditableAdapter(element).capture().apply('replace', answer('*Tours* <b>x</b>'), META)).toBeNull();
    expect(given).toEqual(['insertHTML', '<p><em>Tours</em> &lt;b&gt;x&lt;/b&gt;</p>']);
    expect(element.querySelector('b')).toBeNull();
    // The browser tells the page itself: the adapter adds no second input event.
    expect(events).toEqual([]);
  });

  it.each(['declines', 'throws'] as const)('puts the nodes in itself when the browser’s edit %s', async (result) => {
    const given = nativeEdit(result);
    const element = region();
    await vi.dynamicImportSettled();
    select(element, 'Tours start hourly.');
    expect(contentEditableAdapter(element).capture().apply('replace', answer('Tours every hour.'), META)).toBeNull();
    expect(given[0]).toBe('insertHTML');
    expect(element.textContent).toBe('The museum reopens in May. Tours every hour.');
  });

  it('inserts the answer’s text as paragraphs before the answer’s parser has loaded', async () => {
    vi.resetModules();
    const fresh = await import('../../src/editors/contenteditable');
    const element = region('<p>Text.</p>');
    // Nothing awaited after attaching: the parser is still loading, so the answer's text goes in.
    const capture = fresh.contentEditableAdapter(element).capture();
    expect(capture.apply('insert', answer('**One**\n\nTwo', 'One\n\nTwo'), META)).toBeNull();
    expect(element.innerHTML).toBe('<p>Text.</p><p>One</p><p>Two</p>');
  });
});
