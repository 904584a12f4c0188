/**
 * Puts text on the clipboard: the Clipboard API where the page has it (secure contexts), else the
 * browser's `copy` command on a selected, off-screen textarea placed next to `near` (inside the modal
 * dialog: the page behind it is inert and cannot take the selection). Resolves `true` when copied.
 */
export async function copyText(text: string, near: HTMLElement): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Denied (no user activation, a policy): the copy command may still be allowed.
    }
  }
  const doc = near.ownerDocument;
  if (typeof doc.execCommand !== 'function') return false;
  const root = near.getRootNode() as Document | ShadowRoot;
  const focused = root.activeElement as HTMLElement | null;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.tabIndex = -1;
  Object.assign(area.style, { position: 'fixed', insetBlockStart: '0', insetInlineStart: '-9999px', opacity: '0' });
  near.append(area);
  try {
    area.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}
