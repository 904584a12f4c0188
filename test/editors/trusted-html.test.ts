import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A page's `trustedTypes`, recording the policies asked for; `refuse` plays a directive that lists none. */
function trustedTypes(refuse = false) {
  const names: string[] = [];
  return {
    names,
    window: {
      trustedTypes: {
        createPolicy(name: string, rules: { createHTML(html: string): string }) {
          names.push(name);
          if (refuse) throw new TypeError('policy not allowed');
          return { createHTML: (html: string) => ({ trusted: rules.createHTML(html) }) };
        },
      },
    } as unknown as typeof globalThis,
  };
}

// The policy is created once per page: each test loads the module afresh.
const load = async () => (await import('../../src/editors/trusted-html')).trustedHtml;
beforeEach(() => {
  vi.resetModules();
});

describe('trustedHtml', () => {
  it('passes the string as it is where the page has no Trusted Types', async () => {
    const trustedHtml = await load();
    expect(trustedHtml('<p>a</p>', {} as typeof globalThis)).toBe('<p>a</p>');
  });

  it('wraps the HTML with the package’s own policy, created once, on first use', async () => {
    const trustedHtml = await load();
    const page = trustedTypes();
    expect(page.names).toEqual([]);
    expect(trustedHtml('<p>a</p>', page.window)).toEqual({ trusted: '<p>a</p>' });
    expect(trustedHtml('<p>b</p>', page.window)).toEqual({ trusted: '<p>b</p>' });
    expect(page.names).toEqual(['ask-ai-dialog']);
  });

  it('gives no HTML where the page does not allow the policy, and does not ask again', async () => {
    const trustedHtml = await load();
    const page = trustedTypes(true);
    expect(trustedHtml('<p>a</p>', page.window)).toBeNull();
    expect(trustedHtml('<p>a</p>', page.window)).toBeNull();
    expect(page.names).toEqual(['ask-ai-dialog']);
  });
});
