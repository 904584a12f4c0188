/**
 * HTML for the browser's own editing command (`execCommand('insertHTML')`), under Trusted Types too: a
 * page with `require-trusted-types-for 'script'` refuses a plain string there. The HTML is the
 * serialisation of elements the package built itself from the answer's allow-listed parse (text nodes
 * and `createElement` only), so the package's own policy passes it as it is. Created on first use,
 * never on import; `null` where the page allows no such policy (then the caller inserts the nodes).
 */
type Policy = { createHTML(html: string): unknown };
type TrustedTypesFactory = { createPolicy(name: string, rules: { createHTML(html: string): string }): Policy };

export const TRUSTED_TYPES_POLICY = 'ask-ai-dialog';

let policy: Policy | null | undefined;

export function trustedHtml(html: string, win: typeof globalThis = globalThis): unknown {
  const factory = (win as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return html;
  if (policy === undefined) {
    try {
      policy = factory.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (built) => built });
    } catch {
      // The page's `trusted-types` directive does not list this policy.
      policy = null;
    }
  }
  return policy ? policy.createHTML(html) : null;
}
