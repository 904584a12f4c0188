import type { RunContext } from '../contract/run-request';
import type { RunSnapshot, RunUsage } from './run-state';
import { cutText, wellFormedText } from './well-formed-text';

/**
 * The answer handed to the host: the markdown as written, and the plain text of the same parse the
 * dialog rendered (code kept verbatim, link targets in brackets, raw HTML as the text it is).
 * Neither is HTML: a host inserts them as text, or converts the markdown with its own sanitising
 * pipeline.
 */
export interface TaskAnswer {
  readonly markdown: string;
  readonly text: string;
}

/** A settled run's answer before it is handed over: the binding adds the plain text. */
export interface TaskResult {
  readonly markdown: string;
  readonly meta: TaskAnswerMeta;
}

/** Provenance for a host that marks AI-written text. */
export interface TaskAnswerMeta {
  readonly instruction: string;
  /** The task's name as the editor picked it ("Shorten"), `null` for an instruction of their own. */
  readonly label: string | null;
  readonly runUuid: string | null;
  readonly correlationId: string | null;
  /** The tools the run offered the model. */
  readonly offeredTools: readonly string[];
  /** The tools that ran, in order of first use. */
  readonly toolsUsed: readonly string[];
  readonly usage: RunUsage | null;
  readonly terminationReason: string | null;
  /** `true` when the answer is what arrived before the run ended without one. */
  readonly partial: boolean;
}

/** The answer and its provenance from a settled run; `null` when there is nothing to hand over. */
export function taskResult(snapshot: RunSnapshot): TaskResult | null {
  // A model's NUL or half a character never reaches the host's editor.
  const markdown = wellFormedText(snapshot.answer ?? snapshot.partialAnswer);
  if (snapshot.status === 'running' || markdown.trim() === '') return null;
  const toolsUsed = [
    ...new Set(
      snapshot.steps.flatMap((s) => (s.kind === 'tool' && s.toolName && s.status === 'done' ? [s.toolName] : [])),
    ),
  ];
  return {
    markdown,
    meta: {
      instruction: snapshot.prompt,
      label: snapshot.label,
      runUuid: snapshot.runUuid,
      correlationId: snapshot.correlationId,
      offeredTools: snapshot.tools,
      toolsUsed,
      usage: snapshot.usage,
      terminationReason: snapshot.terminationReason,
      partial: snapshot.answer === null,
    },
  };
}

export type ContextPart = 'selection' | 'selectionMarkdown' | 'document' | 'previousAnswer';

/**
 * The editor context cut to `limit` characters per text field, never inside a character, and which
 * fields were cut; every text well-formed (a lone surrogate from the editor would make the backend
 * refuse the whole request).
 */
export function limitContext(
  context: RunContext | undefined,
  limit: number,
): { context: RunContext | undefined; cut: ContextPart[] } {
  if (!context) return { context, cut: [] };
  const cut: ContextPart[] = [];
  const next: Record<string, unknown> = { ...context };
  for (const part of ['selection', 'selectionMarkdown', 'document', 'previousAnswer'] as const) {
    const value = (context as Record<string, unknown>)[part];
    if (typeof value !== 'string') continue;
    const formed = wellFormedText(value);
    next[part] = cutText(formed, limit);
    if (formed.length > limit) cut.push(part);
  }
  return { context: next as RunContext, cut };
}
