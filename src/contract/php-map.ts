import * as z from 'zod/mini';

/**
 * PHP's `json_encode` writes an empty associative array as `[]`. Where the contract expects an
 * object, an empty list is read as the empty object (CONTRACT.md, Conventions).
 */
export function phpMap<T extends z.core.SomeType>(shape: T) {
  return z.union([
    shape,
    z.pipe(
      z.tuple([]),
      z.transform(() => ({}) as z.infer<T>),
    ),
  ]);
}
