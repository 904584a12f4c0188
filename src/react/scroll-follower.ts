/** How close to the end (px) still counts as "at the end". */
const NEAR_END = 32;

export interface ScrollFollower {
  /** A new answer appears: show where it starts, and follow it from there. */
  answerStarted(answer: HTMLElement | null): void;
  /** The answer grew while streaming: keep the end in view, unless the editor scrolled up to read. */
  answerGrew(): void;
  dispose(): void;
}

/** Follows a streaming answer in a scroll container, the way an editor reading along expects. */
export function createScrollFollower(container: HTMLElement): ScrollFollower {
  let following = true;
  let frame: number | null = null;
  const onScroll = () => {
    following = container.scrollHeight - container.scrollTop - container.clientHeight <= NEAR_END;
  };
  container.addEventListener('scroll', onScroll, { passive: true });
  return {
    answerStarted(answer) {
      following = true;
      answer?.scrollIntoView?.({ block: 'start' });
    },
    answerGrew() {
      if (!following || frame !== null) return;
      // Scrolled at the next frame, when the layout of this one is done: reading the height now would
      // force a layout of the whole answer at every delta.
      if (typeof requestAnimationFrame !== 'function') container.scrollTop = container.scrollHeight;
      else
        frame = requestAnimationFrame(() => {
          frame = null;
          if (following) container.scrollTop = container.scrollHeight;
        });
    },
    dispose() {
      container.removeEventListener('scroll', onScroll);
      if (frame !== null) cancelAnimationFrame(frame);
    },
  };
}
