import type { RunContext } from '../client';
import { limitContext, type ContextPart } from '../client/task-result';

/** The context as it is sent: cut to the limit, with the parts that were cut. */
export interface SentContext {
  readonly value: RunContext | undefined;
  readonly cut: readonly ContextPart[];
  readonly limit: number;
}

export function selectionOf(context: RunContext | undefined): string {
  const selection = (context as { selection?: unknown } | undefined)?.selection;
  return typeof selection === 'string' ? selection : '';
}

export function sentContext(context: RunContext | undefined, limit: number): SentContext {
  const limited = limitContext(context, limit);
  return { value: limited.context, cut: limited.cut, limit };
}

const CONTEXT_KEYS = [
  'selection',
  'selectionMarkdown',
  'document',
  'recordTable',
  'recordUid',
  'recordField',
  'contentLanguage',
] as const;
const SUBJECT_KEYS = ['selection', 'recordTable', 'recordUid', 'recordField'] as const;

/** Two contexts are about the same thing: the same selection of the same record. */
export function sameSubject(a: RunContext | undefined, b: RunContext | undefined): boolean {
  const x = (a ?? {}) as Record<string, unknown>;
  const y = (b ?? {}) as Record<string, unknown>;
  return SUBJECT_KEYS.every((key) => x[key] === y[key]);
}

/** Two contexts send the same: a host may pass a new object on every render. */
export function sameContext(a: RunContext | undefined, b: RunContext | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return CONTEXT_KEYS.every((key) => x[key] === y[key]);
}
