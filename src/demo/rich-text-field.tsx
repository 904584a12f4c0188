import { forwardRef } from 'react';

/** The content element's rich-text field: a plain contenteditable region, as in a CMS form. */
export const RichTextField = forwardRef<HTMLDivElement, { onSelectionChange: () => void }>(function RichTextField(
  { onSelectionChange },
  ref,
) {
  return (
    <div
      ref={ref}
      className="rte"
      role="textbox"
      aria-multiline="true"
      aria-label="Bodytext"
      contentEditable
      suppressContentEditableWarning
      onKeyUp={onSelectionChange}
      onMouseUp={onSelectionChange}
      onBlur={onSelectionChange}
    >
      <p>
        The city library opens its new reading garden on 1 June. Visitors can borrow books, games and sun loungers
        there, and the garden is open every day from ten to six while the weather allows.
      </p>
      <p>
        Children can read to the library cat on Saturday mornings. Entry is free, and the summer reading club starts the
        same week with readings by local authors. The library asks visitors to bring their own water bottles, because
        the garden has no café yet.
      </p>
    </div>
  );
});
