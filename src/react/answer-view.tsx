import { lazy, Suspense, useEffect } from 'react';
import { ErrorBoundary } from './error-boundary';
import type * as MarkdownAnswerModule from './markdown-answer';

// The markdown renderer is the largest part of the dialog and is needed only once an answer
// arrives: it loads in its own chunk, fetched as soon as the dialog opens. Once loaded it renders
// directly: `lazy` alone would suspend on its first render even so, and show (then throw away) the
// whole answer as plain text once more — 60 kB of it in a burst.
let loaded: typeof MarkdownAnswerModule | null = null;
const loadMarkdown = () =>
  import('./markdown-answer').then((module) => {
    loaded = module;
    return module;
  });
const LazyMarkdownAnswer = lazy(loadMarkdown);

/** Starts loading the markdown renderer (on open), so the first answer does not wait for it. */
export function usePreloadMarkdown(enabled: boolean) {
  useEffect(() => {
    if (enabled) void loadMarkdown();
  }, [enabled]);
}

/**
 * The answer as elements; until the renderer has loaded, as the plain text it is. Should rendering
 * fail for any answer, it shows as plain text, and nothing reaches the host's page.
 */
export function AnswerView({ markdown, streaming = false }: { markdown: string; streaming?: boolean }) {
  const plain = <div data-ask-ai-plain="">{markdown}</div>;
  return (
    <ErrorBoundary fallback={plain} resetKey={markdown}>
      <Suspense fallback={plain}>
        {loaded ? (
          <loaded.default markdown={markdown} streaming={streaming} />
        ) : (
          <LazyMarkdownAnswer markdown={markdown} streaming={streaming} />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
