import { useEffect, useRef, useState, type RefObject } from 'react';
import { createScrollFollower, type ScrollFollower } from './scroll-follower';

/**
 * The body follows the answer while it streams, unless the editor scrolled up to read: then it stays
 * where they are. When an answer first appears, its start is brought into view. Returns the ref
 * callback for the scroll container.
 */
export function useFollowScroll(
  answer: RefObject<HTMLElement | null>,
  text: string,
  streaming: boolean,
  runId: string | null,
): (element: HTMLElement | null) => void {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const follower = useRef<ScrollFollower | null>(null);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!container) return;
    const created = createScrollFollower(container);
    follower.current = created;
    return () => {
      created.dispose();
      follower.current = null;
    };
  }, [container]);
  useEffect(() => {
    if (!follower.current || text === '') return;
    if (shownFor.current !== runId) {
      shownFor.current = runId;
      follower.current.answerStarted(answer.current);
    } else if (streaming) {
      follower.current.answerGrew();
    }
  }, [answer, text, streaming, runId]);
  return setContainer;
}
