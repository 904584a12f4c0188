// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { attachEditor, type EditorAdapter, type EditorDialogProps } from '../../src/editors/editor-adapter';

/** An editor whose held selection is an image or text, as the test says, and a dialog that records its props. */
function setUp(held: () => 'image' | undefined) {
  const element = document.createElement('div');
  document.body.append(element);
  const adapter: EditorAdapter = {
    element,
    editsAfterClose: false,
    capture: () => ({
      selection: '',
      document: 'A photo of the reading garden.',
      subject: held(),
      verify: () => null,
      apply: () => null,
    }),
    dispose() {},
  };
  const seen: EditorDialogProps[] = [];
  const attached = attachEditor<EditorDialogProps>(adapter, {
    props: {},
    mount: (_host, props) => {
      seen.push(props);
      return { update: (next) => seen.push({ ...seen.at(-1), ...next }), unmount() {} };
    },
  });
  return { attached, last: () => seen.at(-1)! };
}

describe('attachEditor', () => {
  it('tells the dialog an image is the subject while one is held, and text once it is not', () => {
    let held: 'image' | undefined = 'image';
    const { attached, last } = setUp(() => held);
    attached.open();
    expect(last()).toMatchObject({ open: true, subject: 'image' });
    attached.close();
    held = undefined;
    attached.open();
    expect(last().open).toBe(true);
    expect(last().subject).toBeUndefined();
    attached.detach();
  });
});
