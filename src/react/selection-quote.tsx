import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { AskAiMessages } from '../i18n';

const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** Where layout is unknown (a server, a DOM without it), a text this long is taken to need more than two lines. */
const LONG_WITHOUT_LAYOUT = 140;

/**
 * The selected text, quoted above the answer where the dialog cannot sit beside it (a phone, a selection
 * with no room around it): two lines of it, and "Show all" where there is more — so the editor compares the
 * answer with what it would replace without leaving the dialog.
 */
export function SelectionQuote({ text, messages: m }: { text: string; messages: AskAiMessages }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(text.length > LONG_WITHOUT_LAYOUT);
  const quote = useRef<HTMLQuoteElement>(null);
  useCommitEffect(() => {
    const element = quote.current;
    if (!element || expanded || element.clientHeight === 0) return;
    setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [text, expanded]);
  return (
    <figure className="ask-ai-quote" data-ask-ai-part="selection" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="ask-ai-quote-caption">
        {m.selectedText}
      </figcaption>
      <blockquote id={id} ref={quote} className="ask-ai-quote-text" data-expanded={expanded || undefined}>
        {text}
      </blockquote>
      {(overflows || expanded) && (
        <button
          type="button"
          className="ask-ai-link-button ask-ai-quote-toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((was) => !was)}
        >
          {expanded ? m.showLess : m.showAll}
        </button>
      )}
    </figure>
  );
}
