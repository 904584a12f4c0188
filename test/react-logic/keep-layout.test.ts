// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keepLayout, release } from '../../src/react/keep-layout';

/** An answer of `count` blocks, each 100 px high, the first at `top` (jsdom has no layout). */
function answer(count: number, top: number) {
  const reads = { count: 0 };
  const container = document.createElement('div');
  const blocks = document.createElement('div');
  blocks.className = 'ask-ai-answer-blocks';
  container.append(blocks);
  for (let i = 0; i < count; i++) {
    const block = document.createElement('p');
    block.textContent = `block ${i}`;
    const y = top + i * 100;
    block.getBoundingClientRect = () => {
      reads.count++;
      return DOMRect.fromRect({ x: 0, y, width: 600, height: 100 });
    };
    blocks.append(block);
  }
  return { container, blocks: [...blocks.children], reads };
}

const keptOnes = (blocks: Element[]) =>
  blocks.flatMap((block, i) => (block.hasAttribute('data-ask-ai-kept') ? [i] : []));

describe('keepLayout', () => {
  it('keeps the blocks within one viewport of the view, and no others', () => {
    // The viewport is 768 px high (jsdom): from -768 to 1536 px counts as near.
    const { container, blocks } = answer(100, -3_000);
    const kept = keepLayout(container);
    // Block i spans -3,000 + 100·i to -2,900 + 100·i.
    expect(keptOnes(blocks)).toEqual(Array.from({ length: 24 }, (_, i) => 22 + i));
    expect(kept).toEqual(blocks.slice(22, 46));
  });

  it('finds the blocks near the view in a long answer without measuring every block', () => {
    const { container, reads } = answer(2_000, -100_000);
    expect(keepLayout(container)).toHaveLength(24);
    // Halving to the first (11 reads), then the 24 kept and the one past them.
    expect(reads.count).toBeLessThanOrEqual(40);
  });

  it('keeps an answer of one block, and each block only once', () => {
    const { container, blocks } = answer(1, 0);
    expect(keepLayout(container)).toEqual(blocks);
    expect(keepLayout(container)).toEqual([]);
    expect(keptOnes(blocks)).toEqual([0]);
  });

  it('keeps nothing when no answer is rendered', () => {
    expect(keepLayout(null)).toEqual([]);
    expect(keepLayout(document.createElement('div'))).toEqual([]);
  });

  it('releases what it kept', () => {
    const { container, blocks } = answer(5, 0);
    release(keepLayout(container));
    expect(keptOnes(blocks)).toEqual([]);
  });
});
