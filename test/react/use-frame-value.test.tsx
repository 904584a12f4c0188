// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFrameValue } from '../../src/react/use-frame-value';

describe('useFrameValue', () => {
  it('renders a streamed text at most once per animation frame, and always its latest value', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const rendered: string[] = [];
    function Probe({ text }: { text: string }) {
      const shown = useFrameValue(text);
      rendered.push(shown);
      return <p>{shown}</p>;
    }
    try {
      const view = render(<Probe text="" />);
      let text = '';
      for (let frame = 0; frame < 10; frame++) {
        // 25 pieces arrive within one frame…
        for (let piece = 0; piece < 25; piece++) {
          text += `w${frame}-${piece} `;
          view.rerender(<Probe text={text} />);
        }
        // …and the frame paints once.
        act(() => frames.splice(0).forEach((cb) => cb(0)));
      }
      const distinct = rendered.filter((value, i) => i === 0 || value !== rendered[i - 1]);
      expect(distinct).toHaveLength(11);
      expect(rendered.at(-1)).toBe(text);
      expect(view.container.textContent).toBe(text);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
