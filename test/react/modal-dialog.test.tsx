// @vitest-environment jsdom
import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModalDialog } from '../../src/react/use-modal-dialog';

/**
 * A click on the backdrop closes the dialog as × does, but only a click that also began there: a selection
 * dragged out of the answer ends on the backdrop and must leave the dialog open. A backdrop click reaches
 * the `<dialog>` element itself, outside its box; jsdom lays nothing out, so the box is given.
 */
const BOX = { top: 100, left: 100, right: 500, bottom: 400 };

function Modal({ onRequestClose }: { onRequestClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const none = useRef<HTMLElement>(null);
  useModalDialog(dialog, {
    open: true,
    onRequestClose,
    busy: false,
    onEscapeWhileBusy: () => {},
    initialFocus: none,
    returnFocus: none,
  });
  return (
    <dialog ref={dialog} aria-label="Ask AI">
      <p>The answer</p>
    </dialog>
  );
}

function openModal() {
  const onRequestClose = vi.fn();
  const view = render(<Modal onRequestClose={onRequestClose} />);
  const dialog = view.getByRole('dialog', { name: 'Ask AI' });
  vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue({
    ...BOX,
    width: 400,
    height: 300,
    x: 100,
    y: 100,
    toJSON: () => ({}),
  });
  const at = (clientX: number, clientY: number) => ({ clientX, clientY });
  return { dialog, onRequestClose, at };
}

afterEach(() => vi.restoreAllMocks());

describe('a click on the modal dialog’s backdrop', () => {
  it('asks to close when it begins and ends outside the dialog’s box, on any side', () => {
    const { dialog, onRequestClose, at } = openModal();
    for (const [x, y] of [
      [50, 200],
      [600, 200],
      [300, 50],
      [300, 450],
    ] as const) {
      fireEvent.pointerDown(dialog, at(x, y));
      fireEvent.click(dialog, at(x, y));
    }
    expect(onRequestClose).toHaveBeenCalledTimes(4);
  });

  it('leaves the dialog open when the press began inside it (a selection dragged out) or ends inside', () => {
    const { dialog, onRequestClose, at } = openModal();
    fireEvent.pointerDown(dialog, at(200, 200));
    fireEvent.click(dialog, at(600, 200));
    fireEvent.pointerDown(dialog, at(50, 50));
    fireEvent.click(dialog, at(300, 300));
    expect(onRequestClose).not.toHaveBeenCalled();
  });

  it('counts each press once: a later click without a press of its own on the backdrop does not close', () => {
    const { dialog, onRequestClose, at } = openModal();
    fireEvent.pointerDown(dialog, at(50, 50));
    fireEvent.click(dialog, at(50, 50));
    // A click with no press before it (one a script or an assistive tool sends).
    fireEvent.click(dialog, at(50, 50));
    expect(onRequestClose).toHaveBeenCalledTimes(1);
  });

  it('is not a click inside the dialog’s content', () => {
    const { dialog, onRequestClose, at } = openModal();
    const text = dialog.querySelector('p')!;
    fireEvent.pointerDown(text, at(50, 50));
    fireEvent.click(text, at(50, 50));
    expect(onRequestClose).not.toHaveBeenCalled();
  });
});
