import { useCallback, useState } from 'react';

/**
 * One value that is either controlled (`value` given) or kept here (`defaultValue`), reporting
 * every change through `onChange`: the `open` / `defaultOpen` / `onOpenChange` pattern.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (next: T) => void,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next);
      if (!Object.is(next, current)) onChange?.(next);
    },
    [controlled, current, onChange],
  );
  return [current, set];
}
