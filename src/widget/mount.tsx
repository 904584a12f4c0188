import { createRoot, type Root } from 'react-dom/client';
import { AskAiDialog, type AskAiDialogProps } from '../react';
import styles from '../react/styles.css?inline';
import { adoptStyleSheet } from './adopt-styles';

export interface MountedDialog {
  /** Renders again with changed props (merged into the current ones). */
  update(options: Partial<AskAiDialogProps>): void;
  unmount(): void;
}

/**
 * Renders the dialog into `element`'s shadow root (attached when missing), with its own styles:
 * nothing leaks into the page, and the page's CSS does not reach in. Custom properties
 * (`--ask-ai-*`) still cross the boundary, so the host themes it.
 */
export function mount(element: HTMLElement, options: AskAiDialogProps): MountedDialog {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const container = element.ownerDocument.createElement('div');
  container.setAttribute('data-ask-ai-part', 'widget');
  shadow.replaceChildren(container);
  const removeStyles = adoptStyleSheet(shadow, `:host { display: inline-block; }\n${styles}`);
  const root: Root = createRoot(container);
  let current = options;
  root.render(<AskAiDialog {...current} />);
  return {
    update(next) {
      current = { ...current, ...next };
      root.render(<AskAiDialog {...current} />);
    },
    unmount() {
      root.unmount();
      shadow.replaceChildren();
      removeStyles();
    },
  };
}
