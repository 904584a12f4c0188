import type { TaskAnswer } from '../client';
import { answerDom, preloadAnswerDom, squeezed } from './answer-dom';
import type { ApplyRefusal } from './apply';
import type { EditorAdapter } from './editor-adapter';
import { rangeRect } from './selection-anchor';
import { trustedHtml } from './trusted-html';

/**
 * A contenteditable region as an editor. The answer goes in as elements built from the dialog's parse
 * (paragraphs, lists, bold, links — raw HTML in an answer is text) through `execCommand('insertHTML')`,
 * one native undo step; Insert below goes after the block (the region's paragraph, list, …) the selection
 * ends in. The region is read back after the edit.
 */
export function contentEditableAdapter(element: HTMLElement): EditorAdapter {
  preloadAnswerDom();
  const doc = element.ownerDocument;
  let last: Range | null = null;
  const track = () => {
    const selection = doc.getSelection();
    if (selection && selection.rangeCount > 0 && element.contains(selection.getRangeAt(0).commonAncestorContainer)) {
      last = selection.getRangeAt(0).cloneRange();
    }
  };
  doc.addEventListener('selectionchange', track);
  return {
    element,
    editsAfterClose: true,
    capture() {
      track();
      const range = last?.cloneRange() ?? null;
      const selected = range?.toString() ?? '';
      const inField = () => range !== null && element.contains(range.commonAncestorContainer);
      const check = (): ApplyRefusal | null => {
        if (!range || selected === '' || !inField() || range.collapsed) return { refused: 'selectionRemoved' };
        return range.toString() === selected ? null : { refused: 'selectionChanged' };
      };
      return {
        selection: selected,
        // The text as rendered (line breaks kept); where layout is unknown (a DOM without it), its text.
        document: element.innerText ?? element.textContent ?? '',
        verify: (as) => (!editable(element) ? { refused: 'readOnly' } : as === 'replace' ? check() : null),
        apply(as, answer) {
          let target: Range;
          if (range && inField()) target = range.cloneRange();
          else {
            target = doc.createRange();
            target.selectNodeContents(element);
          }
          if (as === 'insert') below(target, element);
          const words = editContentEditable(element, target, answer);
          // Read back: the answer's words stand in the region, in order (spacing between blocks aside).
          return squeezed(element.textContent ?? '').includes(words) ? null : { refused: 'other' };
        },
        rect: () => (range && inField() ? rangeRect(range) : null),
        // Nothing went in: the held selection is the region's selection again (the focus comes back to it).
        restore() {
          if (!range || !inField()) return;
          const selection = doc.getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range.cloneRange());
        },
        // After an answer the caret stands right after it; else on the held selection: the editor goes on.
        focus: () => element.focus(),
      };
    },
    dispose: () => doc.removeEventListener('selectionchange', track),
  };
}

/**
 * Collapses `range` to where Insert below goes: after the region's block (its child) that holds the range's
 * end; where the region has no blocks, the range's end.
 */
function below(range: Range, element: HTMLElement) {
  let node: Node | null =
    range.endContainer === element ? (element.childNodes[range.endOffset - 1] ?? null) : range.endContainer;
  while (node && node.parentNode !== element) node = node.parentNode;
  if (node && node.nodeType === Node.ELEMENT_NODE) {
    range.setStartAfter(node);
    range.collapse(true);
  } else range.collapse(false);
}

/** Whether the region takes edits: the browser's answer, else the nearest `contenteditable` attribute's. */
function editable(element: HTMLElement): boolean {
  if (typeof element.isContentEditable === 'boolean') return element.isContentEditable;
  const value = element.closest('[contenteditable]')?.getAttribute('contenteditable');
  return value !== null && value !== undefined && value !== 'false';
}

/** Puts the answer's elements in; returns their text without white space, for the read-back. */
function editContentEditable(element: HTMLElement, range: Range, answer: TaskAnswer): string {
  const doc = element.ownerDocument;
  const fragment = answerDom(answer, doc);
  const words = squeezed(fragment.textContent ?? '');
  element.focus();
  const selection = doc.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  // The serialisation of elements built with createElement and text nodes: nothing of the answer is markup.
  const holder = doc.createElement('div');
  holder.append(fragment.cloneNode(true));
  const html = trustedHtml(holder.innerHTML, doc.defaultView ?? globalThis);
  try {
    // One native undo step. Under Trusted Types without our policy allowed, there is no HTML to give.
    if (
      html !== null &&
      typeof doc.execCommand === 'function' &&
      doc.execCommand('insertHTML', false, html as string)
    ) {
      return words;
    }
  } catch {
    // A page's policy refused the command: the nodes go in directly below.
  }
  range.deleteContents();
  range.insertNode(fragment);
  element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  return words;
}
