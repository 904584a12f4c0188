const KEPT = 'data-ask-ai-kept';

/**
 * Keeps the layout of an answer set aside. Its blocks are laid out only near the view
 * (`content-visibility: auto`); once set aside, Chromium lays a block out again, whole, when it comes
 * back into view — an 80,000-word paragraph, a 77 ms task — unless the block is `visible`. So before
 * the answer is set aside the blocks near the view (within one viewport's height above or below) are
 * marked kept, which the style sheet makes `visible`: they already are laid out, and keep it. Blocks
 * further away stay as they were. Returns what it marked, for `release`.
 */
export function keepLayout(container: Element | null): Element[] {
  const blocks = container?.querySelector('.ask-ai-answer-blocks')?.children;
  if (!blocks || blocks.length === 0) return [];
  const margin = window.innerHeight;
  // The blocks stand in document order, top to bottom: the first near the view is found by halving.
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (blocks[middle]!.getBoundingClientRect().bottom < -margin) low = middle + 1;
    else high = middle;
  }
  const kept: Element[] = [];
  for (let i = low; i < blocks.length && blocks[i]!.getBoundingClientRect().top <= window.innerHeight + margin; i++) {
    if (blocks[i]!.hasAttribute(KEPT)) continue;
    blocks[i]!.setAttribute(KEPT, '');
    kept.push(blocks[i]!);
  }
  return kept;
}

/** Lets the blocks `keepLayout` marked go back to being laid out only near the view. */
export function release(kept: readonly Element[]): void {
  for (const block of kept) block.removeAttribute(KEPT);
}
