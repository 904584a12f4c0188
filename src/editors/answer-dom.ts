import type { TaskAnswer } from '../client';
import type { markdownFragment as MarkdownFragment } from '../markdown/dom';
import { textParagraphs } from '../markdown/paragraphs';

let toDom: typeof MarkdownFragment | null = null;

/**
 * Starts loading the answer → DOM converter, which comes with the markdown renderer's chunk: an editor
 * calls it when it attaches, so the converter is there by the time an answer goes in.
 */
export function preloadAnswerDom(): void {
  void import('../markdown/dom').then(
    (module) => (toDom = module.markdownFragment),
    () => undefined,
  );
}

/**
 * The answer as DOM for an editor's own data pipeline: the dialog's parse as elements (never
 * `innerHTML`); should the converter not have loaded, the answer's text as paragraphs. Nothing of the
 * answer's text is dropped either way.
 */
export function answerDom(answer: TaskAnswer, doc: Document): DocumentFragment {
  if (toDom) return toDom(answer.markdown, doc);
  const fragment = doc.createDocumentFragment();
  fragment.append(...textParagraphs(answer.text, doc));
  return fragment;
}

/** Text without its white space: a read-back compares the words in order, whatever the spacing between blocks. */
export const squeezed = (text: string): string => text.replace(/\s+/g, '');
