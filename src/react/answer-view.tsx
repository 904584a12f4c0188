import { lazy, Suspense, useEffect } from 'react';

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

const PLAIN = { whiteSpace: 'pre-wrap' } as const;

/** The answer as elements; until the renderer has loaded, as the plain text it is. */
export function AnswerView({ markdown }: { markdown: string }) {
  return (
    <Suspense fallback={<div style={PLAIN}>{markdown}</div>}>
      <MarkdownAnswer markdown={markdown} />
    </Suspense>
  );
}
