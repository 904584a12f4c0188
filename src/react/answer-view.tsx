import { lazy, Suspense, useEffect } from 'react';
import type { TaskAnswer, TaskResult } from '../client';

// The markdown renderer is the largest part of the dialog and is needed only once an answer
// arrives: it loads in its own chunk, fetched as soon as the dialog opens.
const loadMarkdown = () => import('./markdown-answer');
const MarkdownAnswer = lazy(loadMarkdown);

/** Starts loading the markdown renderer (on open), so the first answer does not wait for it. */
export function usePreloadMarkdown(enabled: boolean) {
  useEffect(() => {
    if (enabled) void loadMarkdown();
  }, [enabled]);
}

/** The answer as handed to the host: the markdown, and the plain text of the parse that was shown. */
export async function answerOf(result: TaskResult): Promise<TaskAnswer> {
  const { answerText } = await loadMarkdown();
  return { markdown: result.markdown, text: answerText(result.markdown) };
}

const PLAIN = { whiteSpace: 'pre-wrap' } as const;

/** The answer as elements; until the renderer has loaded, as the plain text it is. */
export function AnswerView({ markdown }: { markdown: string }) {
  return (
    <Suspense fallback={<div style={PLAIN}>{markdown}</div>}>
      <MarkdownAnswer markdown={markdown} />
    </Suspense>
  );
}
