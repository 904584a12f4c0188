// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskAnswer, TaskAnswerMeta } from '../../src/client';
import type { ApplyRefusal } from '../../src/editors/apply';
import {
  attachEditor,
  type EditorAdapter,
  type EditorCapture,
  type EditorDialogProps,
} from '../../src/editors/editor-adapter';

const ANSWER: TaskAnswer = { markdown: 'Shorter.', text: 'Shorter.' };
const META = { instruction: 'Shorten', runUuid: 'run-1' } as unknown as TaskAnswerMeta;

interface Options {
  editsAfterClose?: boolean;
  props?: EditorDialogProps;
  container?: HTMLElement;
  part?: string;
  capture?: Partial<EditorCapture>;
}

/** An editor whose capture the test shapes, and a dialog that records the props it is given. */
function setUp(options: Options = {}) {
  const element = document.createElement('div');
  document.body.append(element);
  const calls: string[] = [];
  let captured = 0;
  const capture = vi.fn((): EditorCapture => ({
    selection: 'the held words',
    document: 'Before the held words after.',
    verify: () => null,
    apply: () => null,
    release: () => calls.push('release'),
    ...options.capture,
  }));
  const adapter: EditorAdapter = {
    element,
    editsAfterClose: options.editsAfterClose ?? false,
    capture: () => {
      captured++;
      return capture();
    },
    dispose: () => calls.push('dispose'),
  };
  let shown: EditorDialogProps = {};
  let host: HTMLElement | null = null;
  const onApply = vi.fn();
  const attached = attachEditor<EditorDialogProps>(adapter, {
    props: options.props ?? {},
    container: options.container,
    part: options.part,
    onApply,
    mount: (into, props) => {
      host = into;
      shown = props;
      return {
        update: (next) => (shown = { ...shown, ...next }),
        unmount: () => calls.push('unmount'),
      };
    },
  });
  return {
    element,
    attached,
    calls,
    onApply,
    captures: () => captured,
    shown: () => shown,
    host: () => host!,
    insert: () => shown.onInsert!(ANSWER, META) as ApplyRefusal | undefined | Promise<ApplyRefusal | undefined>,
    replace: () => shown.onReplace!(ANSWER, META) as ApplyRefusal | undefined | Promise<ApplyRefusal | undefined>,
  };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('attachEditor', () => {
  it('puts the dialog’s host right after the editor, or in the given container, marked as its part', () => {
    const beside = setUp();
    expect(beside.element.nextElementSibling).toBe(beside.host());
    expect(beside.host().getAttribute('data-ask-ai-part')).toBe('editor-adapter');
    const container = document.createElement('section');
    const inside = setUp({ container, part: 'ckeditor5' });
    expect(inside.host().parentElement).toBe(container);
    expect(inside.host().getAttribute('data-ask-ai-part')).toBe('ckeditor5');
  });

  it('captures the selection when the dialog opens and sends it with the task, with the host’s context', () => {
    const s = setUp({
      props: { context: { contentLanguage: 'de', recordTable: 'tt_content' } },
      capture: { selectionMarkdown: 'the **held** words', context: { contentLanguage: 'en' } },
    });
    expect(s.shown().open).toBe(false);
    expect(s.captures()).toBe(0);
    expect(s.shown().context).toEqual({ contentLanguage: 'de', recordTable: 'tt_content' });
    s.attached.open();
    expect(s.captures()).toBe(1);
    expect(s.shown()).toMatchObject({ open: true });
    expect(s.shown().context).toEqual({
      contentLanguage: 'en',
      recordTable: 'tt_content',
      selection: 'the held words',
      selectionMarkdown: 'the **held** words',
      document: 'Before the held words after.',
    });
  });

  it('sends no empty selection, no markdown without a selection, and no empty document', () => {
    const s = setUp({ capture: { selection: '', selectionMarkdown: '**x**', document: '' } });
    s.attached.open();
    expect(s.shown().context).toEqual({});
  });

  it('captures when the dialog opens itself, once, and lets the selection go when it closes', () => {
    const onOpenChange = vi.fn();
    const s = setUp({ props: { onOpenChange } });
    s.shown().onOpenChange!(true);
    s.shown().onOpenChange!(true);
    expect(s.captures()).toBe(1);
    expect(s.shown().open).toBe(true);
    s.shown().onOpenChange!(false);
    expect(s.calls).toEqual(['release']);
    expect(s.shown().open).toBe(false);
    expect(onOpenChange.mock.calls).toEqual([[true], [true], [false]]);
  });

  it('captures at once when the dialog starts open', () => {
    expect(setUp({ props: { defaultOpen: true } }).captures()).toBe(1);
    expect(setUp({ props: { open: true } }).shown().open).toBe(true);
  });

  it('reports an answer only once it is written and read back', () => {
    const apply = vi.fn(() => null);
    const s = setUp({ capture: { apply } });
    s.attached.open();
    expect(s.insert()).toBeUndefined();
    expect(apply).toHaveBeenCalledWith('insert', ANSWER, META);
    expect(s.onApply).toHaveBeenCalledWith({ as: 'insert', answer: ANSWER, meta: META });
    expect(s.replace()).toBeUndefined();
    expect(s.onApply).toHaveBeenLastCalledWith({ as: 'replace', answer: ANSWER, meta: META });
  });

  it('refuses without a held selection, and when the editor refuses before or after writing', () => {
    const never = setUp();
    expect(never.insert()).toEqual({ refused: 'selectionRemoved' });

    const apply = vi.fn(() => null);
    const before = setUp({ capture: { verify: () => ({ refused: 'readOnly' }), apply } });
    before.attached.open();
    expect(before.replace()).toEqual({ refused: 'readOnly' });
    expect(apply).not.toHaveBeenCalled();
    expect(before.onApply).not.toHaveBeenCalled();

    const after = setUp({ capture: { apply: () => ({ refused: 'other' }) } });
    after.attached.open();
    expect(after.insert()).toEqual({ refused: 'other' });
    expect(after.onApply).not.toHaveBeenCalled();
  });

  it('writes into an editor that needs focus once the dialog has closed, checking again first', async () => {
    let verdict: ApplyRefusal | null = null;
    const apply = vi.fn(() => null);
    const s = setUp({ editsAfterClose: true, capture: { verify: () => verdict, apply } });
    s.attached.open();
    const pending = s.insert();
    expect(pending).toBeInstanceOf(Promise);
    expect(s.shown().open).toBe(false);
    expect(apply).not.toHaveBeenCalled();
    s.host().dispatchEvent(new Event('close'));
    await expect(pending).resolves.toBeUndefined();
    expect(apply).toHaveBeenCalledOnce();
    expect(s.onApply).toHaveBeenCalledOnce();

    // Changed in the moment the dialog took to close: refused, and the dialog opens again to say so.
    s.attached.open();
    const refused = s.replace();
    verdict = { refused: 'selectionChanged' };
    s.host().dispatchEvent(new Event('close'));
    await expect(refused).resolves.toEqual({ refused: 'selectionChanged' });
    expect(s.shown().open).toBe(true);
    expect(apply).toHaveBeenCalledOnce();
    // A second close runs nothing twice.
    s.host().dispatchEvent(new Event('close'));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('writes at once where the dialog stays open after applying, or is closed already', () => {
    const stays = setUp({ editsAfterClose: true, props: { closeOnApply: false } });
    stays.attached.open();
    expect(stays.insert()).toBeUndefined();
    expect(stays.shown().open).toBe(true);

    const closed = setUp({ editsAfterClose: true });
    closed.attached.open();
    closed.attached.close();
    expect(closed.insert()).toBeUndefined();
    expect(closed.onApply).toHaveBeenCalledOnce();
  });

  it('closes on request, letting the selection go; merges new props; detaches cleanly', () => {
    const s = setUp({ props: { context: { contentLanguage: 'de' } } });
    s.attached.open();
    s.attached.close();
    expect(s.shown().open).toBe(false);
    expect(s.calls).toEqual(['release']);
    s.attached.update({ closeOnApply: false });
    expect(s.shown()).toMatchObject({ closeOnApply: false, context: { contentLanguage: 'de' } });
    const host = s.host();
    s.attached.detach();
    expect(s.calls).toEqual(['release', 'release', 'unmount', 'dispose']);
    expect(host.isConnected).toBe(false);
  });

  it('tells the dialog an image is the subject while one is held, and the host’s subject once it is not', () => {
    let held: 'image' | undefined = 'image';
    const s = setUp({
      props: { subject: 'text' },
      capture: {
        get subject() {
          return held;
        },
      },
    });
    s.attached.open();
    expect(s.shown()).toMatchObject({ open: true, subject: 'image' });
    s.attached.close();
    held = undefined;
    s.attached.open();
    expect(s.shown()).toMatchObject({ open: true, subject: 'text' });
  });

  it('gives the dialog the held image, and the host’s image once none is held', () => {
    const photo = { src: '/fileadmin/harbour.jpg', file: 7 } as unknown as EditorDialogProps['image'];
    const hosts = { src: '/fileadmin/host.jpg' } as unknown as EditorDialogProps['image'];
    let held: EditorDialogProps['image'] = photo;
    const s = setUp({
      props: { image: hosts },
      capture: {
        get image() {
          return held;
        },
      },
    });
    s.attached.open();
    expect(s.shown().image).toBe(photo);
    s.attached.close();
    held = undefined;
    s.attached.open();
    expect(s.shown().image).toBe(hosts);
  });

  it('gives the focus back to the editor once the dialog has closed, never while it is open again', async () => {
    const focus = vi.fn();
    let verdict: ApplyRefusal | null = null;
    const s = setUp({ editsAfterClose: true, capture: { verify: () => verdict, focus, restore: vi.fn() } });
    s.attached.open();
    // Refused in the moment the dialog took to close: it opens again to say so, and keeps the focus.
    const refused = s.replace();
    verdict = { refused: 'selectionChanged' };
    s.host().dispatchEvent(new Event('close'));
    await expect(refused).resolves.toEqual({ refused: 'selectionChanged' });
    expect(s.shown().open).toBe(true);
    expect(focus).not.toHaveBeenCalled();
    // Written: the focus goes to the editor, on what went in.
    verdict = null;
    const written = s.insert();
    s.host().dispatchEvent(new Event('close'));
    await expect(written).resolves.toBeUndefined();
    expect(focus).toHaveBeenCalledOnce();
    // Closed with nothing written (Esc, ×): back on the held selection.
    s.attached.open();
    s.shown().onOpenChange?.(false);
    s.host().dispatchEvent(new Event('close'));
    expect(focus).toHaveBeenCalledTimes(2);
    // Opened again before the closing dialog let go of the focus (Ctrl+J at once): the focus stays with it.
    s.shown().onOpenChange?.(false);
    s.shown().onOpenChange?.(true);
    s.host().dispatchEvent(new Event('close'));
    expect(focus).toHaveBeenCalledTimes(2);
  });

  it('puts the held selection back when the dialog closes with nothing written, not after an answer went in', () => {
    const restore = vi.fn();
    const s = setUp({ capture: { restore } });
    s.attached.open();
    s.shown().onOpenChange?.(false);
    expect(restore).toHaveBeenCalledOnce();

    // Closed by the host’s own call while open: the same; while closed, only let go.
    s.attached.open();
    s.attached.close();
    expect(restore).toHaveBeenCalledTimes(2);
    s.attached.close();
    expect(restore).toHaveBeenCalledTimes(2);

    // An answer written while the dialog stays open: the caret stays after it.
    s.attached.open();
    expect(s.insert()).toBeUndefined();
    s.shown().onOpenChange?.(false);
    expect(restore).toHaveBeenCalledTimes(2);
  });

  it('gives the dialog the held selection’s place where the editor knows it, else the host’s anchor', () => {
    const hosts = { rect: () => null, watch: () => () => {} };
    const plain = setUp({ props: { anchor: hosts } });
    plain.attached.open();
    expect(plain.shown().anchor).toBe(hosts);

    const placed = setUp({
      props: { anchor: hosts },
      capture: { rect: () => ({ top: 1, left: 2, right: 3, bottom: 4 }) },
    });
    placed.attached.open();
    expect(placed.shown().anchor).not.toBe(hosts);
    expect(placed.shown().anchor?.rect()).toEqual({ top: 1, left: 2, right: 3, bottom: 4 });
  });
});
