import { useEffect, type RefObject } from 'react';

/**
 * Focus never falls to the page: when the focused control goes away or is disabled (Run giving way to
 * Stop, a preset, Refine or Regenerate starting a run, Stop ending it), it moves to what comes next —
 * Stop while running; when the run has ended, the primary action (else Try again, else Run).
 */
export function useKeepFocus(anchor: RefObject<HTMLElement | null>, running: boolean, status: string) {
  useEffect(() => {
    // Any element that is always in the open dialog (the instruction) finds the dialog.
    const container = anchor.current?.closest('dialog');
    if (!container) return;
    const root = container.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement as HTMLElement | null;
    const lost =
      !active ||
      active === container.ownerDocument.body ||
      !active.isConnected ||
      (active as HTMLButtonElement).disabled === true ||
      active.getAttribute('aria-disabled') === 'true';
    if (!lost) return;
    const find = (selector: string) => container.querySelector<HTMLButtonElement>(`${selector}:not(:disabled)`);
    const next = running
      ? find('[data-ask-ai-part="stop"]')
      : (find('[data-ask-ai-part="actions"] .ask-ai-primary') ??
        find('[data-ask-ai-part="retry"]') ??
        find('[data-ask-ai-part="run"]'));
    next?.focus();
  }, [anchor, running, status]);
}
