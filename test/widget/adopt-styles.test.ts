// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { adoptStyleSheet } from '../../src/widget/adopt-styles';

/** A constructable sheet as a browser has it (jsdom has none): it keeps the text it was given. */
class Sheet {
  text = '';
  replaceSync(css: string) {
    this.text = css;
  }
}

/** A shadow root of a document whose window has constructable sheets. */
function adoptingRoot(doc = document.implementation.createHTMLDocument('page')) {
  Object.defineProperty(doc, 'defaultView', { configurable: true, value: { CSSStyleSheet: Sheet } });
  const host = doc.createElement('div');
  doc.body.append(host);
  const root = host.attachShadow({ mode: 'open' }) as ShadowRoot & { adoptedStyleSheets: unknown[] };
  root.adoptedStyleSheets = [];
  return { doc, root };
}

describe('adoptStyleSheet', () => {
  it('adopts one constructed sheet per document and text, without a <style> element', () => {
    const { doc, root } = adoptingRoot();
    const second = doc.createElement('div').attachShadow({ mode: 'open' }) as ShadowRoot & {
      adoptedStyleSheets: unknown[];
    };
    second.adoptedStyleSheets = [];
    adoptStyleSheet(root, '.a{}');
    adoptStyleSheet(second, '.a{}');
    adoptStyleSheet(root, '.b{}');
    expect(root.adoptedStyleSheets.map((sheet) => (sheet as unknown as Sheet).text)).toEqual(['.a{}', '.b{}']);
    expect(second.adoptedStyleSheets[0]).toBe(root.adoptedStyleSheets[0]);
    expect(root.querySelector('style')).toBeNull();
  });

  it('takes back only its own entry: another editor’s adoption of the same sheet stays', () => {
    const { root } = adoptingRoot();
    const first = adoptStyleSheet(root, '.held{}');
    const second = adoptStyleSheet(root, '.held{}');
    expect(root.adoptedStyleSheets).toHaveLength(2);
    first();
    expect(root.adoptedStyleSheets).toHaveLength(1);
    second();
    expect(root.adoptedStyleSheets).toEqual([]);
    second();
    expect(root.adoptedStyleSheets).toEqual([]);
  });

  it('falls back on a <style> element where sheets cannot be constructed: first in the root or the head', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    root.append(document.createElement('p'));
    const undo = adoptStyleSheet(root, '.c{}');
    expect(root.firstElementChild?.localName).toBe('style');
    expect(root.firstElementChild?.textContent).toBe('.c{}');
    undo();
    expect(root.querySelector('style')).toBeNull();
    document.head.append(document.createElement('meta'));
    const inHead = adoptStyleSheet(document, '.d{}');
    expect(document.head.firstElementChild?.textContent).toBe('.d{}');
    inHead();
    expect(document.head.querySelector('style')).toBeNull();
  });
});
