import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Importing an entry must not touch window or document, register anything, or add globals. zod keeps
 * its registry on `globalThis.__zod_*` when it loads; that one is zod's, not ours.
 */
const ours = (name: string) => !name.startsWith('__zod_');
describe('no side effects on import', () => {
  // Each import evaluates the entry's modules, not a copy another test already loaded.
  beforeEach(() => {
    vi.resetModules();
  });

  it.each([
    ['ask-ai-dialog/unattended', () => import('../../src/unattended')],
    ['ask-ai-dialog/client', () => import('../../src/client')],
    ['ask-ai-dialog', () => import('../../src/react')],
    ['ask-ai-dialog/mocks', () => import('../../src/mock-backend')],
  ])('%s', async (_name, load) => {
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    expect(typeof window).toBe('undefined');
    const module = await load();
    expect(Object.keys(module).length).toBeGreaterThan(0);
    expect(Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name) && ours(name))).toEqual([]);
  });

  it('ask-ai-dialog/widget defines no element until asked', async () => {
    const defined: string[] = [];
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    // A Node "page" with a custom-element registry that records what is defined.
    (globalThis as { customElements?: unknown }).customElements = {
      define: (name: string) => defined.push(name),
      get: () => undefined,
    };
    (globalThis as { HTMLElement?: unknown }).HTMLElement = class {};
    try {
      const widget = await import('../../src/widget');
      expect(defined).toEqual([]);
      widget.defineAskAiDialogElement();
      expect(defined).toEqual(['ask-ai-dialog']);
    } finally {
      delete (globalThis as { customElements?: unknown }).customElements;
      delete (globalThis as { HTMLElement?: unknown }).HTMLElement;
    }
    expect(Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name))).toEqual([]);
  });
});
