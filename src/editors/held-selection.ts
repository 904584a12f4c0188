/** The class an editor gives the selection it holds while the dialog is open (a marker, a decoration). */
export const HELD_SELECTION_CLASS = 'ask-ai-held-selection';

/**
 * The held selection's look, for the editor's own document (not the dialog's shadow root): the system's
 * highlight, softened, with a thin ring — as CKEditor's own AI shows its "fake" selection. `scope` is the
 * editor's editable (`.ck-editor__editable`, `.ProseMirror`); `--ask-ai-held-selection` overrides the colour.
 */
export function heldSelectionCss(scope: string): string {
  return (
    `${scope} .${HELD_SELECTION_CLASS} { background-color: var(--ask-ai-held-selection, ` +
    'color-mix(in srgb, Highlight 30%, transparent)); box-shadow: 0 0 0 1px color-mix(in srgb, Highlight 60%, ' +
    'transparent); }'
  );
}
