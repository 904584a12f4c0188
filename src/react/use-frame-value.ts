import { useEffect, useRef, useState } from 'react';

const hasFrames = () => typeof requestAnimationFrame === 'function';

/**
 * The value, updated at most once per animation frame: streamed text re-renders its markdown once
 * a frame, not once a token. Without `requestAnimationFrame` (a server) it follows at once.
 */
export function useFrameValue<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const pending = useRef<number | null>(null);
  useEffect(() => {
    latest.current = value;
    if (pending.current !== null || !hasFrames()) return;
    pending.current = requestAnimationFrame(() => {
      pending.current = null;
      setShown(latest.current);
    });
  }, [value]);
  useEffect(
    () => () => {
      if (pending.current !== null) cancelAnimationFrame(pending.current);
      pending.current = null;
    },
    [],
  );
  return hasFrames() ? shown : value;
}
