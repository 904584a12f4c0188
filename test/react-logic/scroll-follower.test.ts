// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScrollFollower } from '../../src/react/scroll-follower';

/** A scroll container whose geometry the test sets (jsdom has no layout). */
function container(height = 100, scrollHeight = 1000) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => height });
  let total = scrollHeight;
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => total });
  document.body.append(element);
  return {
    element,
    grow: (by: number) => (total += by),
    scrollTo: (top: number) => {
      element.scrollTop = top;
      element.dispatchEvent(new Event('scroll'));
    },
  };
}

const frames: Array<() => void> = [];
afterEach(() => {
  vi.unstubAllGlobals();
  frames.length = 0;
  document.body.replaceChildren();
});
const withFrames = () => {
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => void (frames[id - 1] = () => undefined));
};

describe('the scroll follower', () => {
  it('keeps the end of a growing answer in view, once per frame', () => {
    withFrames();
    const box = container();
    const follower = createScrollFollower(box.element);
    follower.answerGrew();
    follower.answerGrew();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(box.element.scrollTop).toBe(1000);
  });

  it('stops following when the editor scrolls up to read, and follows again near the end or for a new answer', () => {
    withFrames();
    const box = container();
    const follower = createScrollFollower(box.element);
    box.scrollTo(900);
    box.scrollTo(500);
    follower.answerGrew();
    expect(frames).toHaveLength(0);
    // Within 32 px of the end counts as the end.
    box.scrollTo(1000 - 100 - 32);
    follower.answerGrew();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(box.element.scrollTop).toBe(1000);
    box.scrollTo(1000 - 100 - 33);
    follower.answerGrew();
    expect(frames).toHaveLength(0);
    const answer = document.createElement('p');
    answer.scrollIntoView = vi.fn();
    follower.answerStarted(answer);
    expect(answer.scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    follower.answerGrew();
    expect(frames).toHaveLength(1);
  });

  it('does not scroll at a frame after the editor scrolled up meanwhile', () => {
    withFrames();
    const box = container();
    const follower = createScrollFollower(box.element);
    follower.answerGrew();
    box.scrollTo(200);
    frames.shift()!();
    expect(box.element.scrollTop).toBe(200);
  });

  it('scrolls at once without frames, and forgets the container when disposed', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const box = container();
    const follower = createScrollFollower(box.element);
    follower.answerGrew();
    expect(box.element.scrollTop).toBe(1000);
    follower.dispose();
    box.scrollTo(0);
    box.grow(500);
    follower.answerGrew();
    // Disposed, it no longer hears the scroll up: had it heard it, it would have stopped following.
    expect(box.element.scrollTop).toBe(1500);
  });

  it('drops a scroll waiting for its frame when disposed', () => {
    withFrames();
    const box = container();
    const follower = createScrollFollower(box.element);
    follower.answerGrew();
    follower.dispose();
    frames.shift()!();
    expect(box.element.scrollTop).toBe(0);
  });
});
