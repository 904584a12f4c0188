/**
 * The TYPO3 backend's own module for FormEngine's `askAiAltText` field control (built into the extension
 * only: `typo3/Resources/Public/JavaScript/typo3-alt-text.js`). The control's button opens Ask AI on the
 * image's "Alternative text" field: the subject is the image (its file reference or file), the answer
 * replaces the field's whole value ("Use as alt text"), one native undo step, and FormEngine hears of the
 * change, so the form knows it is to be saved. The dialog is one of the backend's modals, in the top frame.
 */
import type { AskAiDialogProps } from '../react';
import type { RunImage } from '../contract/run-request';
import { typo3Endpoints, typo3EndpointsRefresh, type Typo3Routes } from '../client/typo3-endpoints';
import { attachEditor, type AttachedEditor } from '../editors/editor-adapter';
import { textareaAdapter } from '../editors/textarea';
// The dialog's runtime (Preact inside) is the standalone widget's, shared with the CKEditor plugin.
import { mount } from '../widget/standalone';

export interface AltTextControlOptions {
  /** The control's button (its id). */
  readonly control: string;
  /** The field's FormEngine name (`data[sys_file_reference][12][alternative]`). */
  readonly field: string;
  readonly image: RunImage;
  /** The dialog's options as the extension gives them (messages, locale, routes, look). */
  readonly dialog: Omit<AskAiDialogProps, 'endpoints'> & {
    readonly routes: Typo3Routes;
    readonly container?: 'top' | undefined;
  };
}

/** The field control, made by TYPO3's module loader (`JavaScriptModuleInstruction::instance`). */
export default class AltTextControl {
  #attached: AttachedEditor<AskAiDialogProps> | null = null;

  constructor(options: AltTextControlOptions) {
    const button = document.getElementById(options.control);
    button?.addEventListener('click', (event) => {
      event.preventDefault();
      this.#open(options);
    });
  }

  #open(options: AltTextControlOptions) {
    const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `[data-formengine-input-name="${CSS.escape(options.field)}"]`,
    );
    if (!field) return;
    this.#attached ??= this.#attach(field, options);
    this.#attached.open();
  }

  #attach(field: HTMLInputElement | HTMLTextAreaElement, options: AltTextControlOptions) {
    const { routes, container, ...dialog } = options.dialog;
    let endpoints: AskAiDialogProps['endpoints'];
    try {
      endpoints = typo3Endpoints(routes);
    } catch {
      endpoints = { tools: '', run: '' };
    }
    const attached = attachEditor<AskAiDialogProps>(textareaAdapter(field, { whole: true }), {
      mount,
      props: {
        ...dialog,
        endpoints,
        refreshEndpoints: typo3EndpointsRefresh(routes),
        subject: 'image',
        image: options.image,
        hideTrigger: true,
        open: false,
      },
      container: container === 'top' ? topBody() : document.body,
      // FormEngine copies a field's value into the form on `change`: the answer is then part of the save.
      onApply: () => field.dispatchEvent(new Event('change', { bubbles: true })),
      part: 'alt-text-control',
    });
    // The dialog in the top frame goes with this form when it is left.
    window.addEventListener('pagehide', () => attached.detach(), { once: true });
    return attached;
  }
}

/** The top frame's body where it is this site's (TYPO3's backend), else this document's. */
function topBody(): HTMLElement {
  try {
    return window.top?.document.body ?? document.body;
  } catch {
    return document.body;
  }
}
