import { describe, expect, it } from 'vitest';
import { CORPUS } from '../fixtures/hostile-corpus';
import { openDemo, page, useBrowser, answered, runTask, setSimulation, toolsLoaded } from './browser';

/**
 * Hostile and extreme input in Chromium (docs/reliability.md): XSS payloads through every channel
 * (streamed answer, unstreamed answer, tool names, labels and descriptions, server error texts), the
 * link rules, and a corpus of deeply nested, huge and regex-pathological answers. Nothing runs, no
 * element outside the allowed set appears, the page stays responsive and keeps its content.
 */
useBrowser();

const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });

/** Each sets `window.__xss` if it ever runs. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss="script"</script>',
  '<SCRIPT SRC=//xss.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__xss=\'img\'">',
  '<IMG SRC="javascript:window.__xss=1">',
  '<IMG SRC=JaVaScRiPt:window.__xss=1>',
  '<img src=`javascript:window.__xss=1`>',
  '<svg onload="window.__xss=\'svg\'"><circle r="5"/></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<iframe src="javascript:parent.__xss=\'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<a href="javascript:window.__xss=1" onclick="window.__xss=2">raw link</a>',
  '<div style="background:url(javascript:window.__xss=1)" onmouseover="window.__xss=3">hover me</div>',
  '<body onload=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<select autofocus onfocus=window.__xss=1>',
  '<textarea autofocus onfocus=window.__xss=1>',
  '<video><source onerror="window.__xss=1">',
  '<audio src=x onerror=window.__xss=1>',
  '<marquee onstart=window.__xss=1>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<button formaction="javascript:window.__xss=1">b</button>',
  '<isindex action=javascript:window.__xss=1 type=image>',
  '<link rel=stylesheet href="data:text/css,*{color:red}">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<template><script>window.__xss=1</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '</textarea><script>window.__xss=1</script>',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '&#60;img src=x onerror=window.__xss=1&#62;',
  '[link](javascript:window.__xss=1)',
  '[link](JaVaScRiPt:window.__xss=1)',
  '[link](&#106;avascript:window.__xss=1)',
  '[link](java\tscript:window.__xss=1)',
  '[link](  javascript:window.__xss=1)',
  '[link](vbscript:window.__xss=1)',
  '[link](data:text/html,<script>window.__xss=1</script>)',
  '[link]( data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '![img](javascript:window.__xss=1)',
  '![x" onerror="window.__xss=1](https://x.example/a.png)',
  '[x](https://ok.example "title\\" onmouseover=window.__xss=1")',
  '<https://ok.example/"onmouseover="window.__xss=1>',
  '<javascript:window.__xss=1>',
  '`<script>window.__xss=1</script>`',
  '```html\n<script>window.__xss=1</script>\n```',
  '<a href="&#x6A;avascript:window.__xss=1">entity</a>',
  '<div dangerouslySetInnerHTML={{__html: "<img src=x onerror=window.__xss=1>"}}></div>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '${window.__xss=1}',
];

/** The elements the answer may hold (the renderer's allow-list). */
const ALLOWED = new Set(
  [
    'p strong em del code pre ul ol li blockquote h1 h2 h3 h4 h5 h6 hr br',
    'table thead tbody tr th td span div sup sub a bdi',
  ]
    .join(' ')
    .toUpperCase()
    .split(' '),
);

/** What the answer region holds that it may not: elements, attributes, link targets. */
async function breaches(): Promise<string[]> {
  return dialog()
    .getByRole('region', { name: 'Answer' })
    .evaluate(
      (region, allowed) => {
        const found: string[] = [];
        for (const element of region.querySelectorAll('*')) {
          if (!allowed.includes(element.tagName)) found.push(`<${element.tagName.toLowerCase()}>`);
          for (const { name, value } of element.attributes) {
            if (/^on/i.test(name) || name === 'style' || name === 'srcdoc') found.push(`${name}=`);
            if (name === 'href' && !/^(?:https?:\/\/[^/\s]|mailto:\S)/i.test(value)) found.push(`href=${value}`);
          }
        }
        return found;
      },
      [...ALLOWED],
    );
}

const ran = () => page.evaluate(() => (window as { __xss?: unknown }).__xss);
const line = (event: object) => `${JSON.stringify(event)}\n`;

async function run(task = 'Summarise') {
  await runTask(dialog(), task);
}

/** Waits until the answer shows through the markdown renderer (its chunk loaded), not as plain text. */
async function rendered() {
  await answered(dialog());
  await dialog().getByRole('region', { name: 'Answer' }).locator('.ask-ai-answer-blocks').waitFor();
}

describe(`${XSS_PAYLOADS.length} XSS payloads in Chromium`, () => {
  it('stream in as the answer (split across deltas) and run nothing, add nothing outside the allowed set', async () => {
    const answer = XSS_PAYLOADS.join('\n\n');
    const pieces = answer.match(/[\s\S]{1,7}/g) ?? [];
    await page.route('**/api/ask-ai/run*', (route) =>
      route.fulfill({
        contentType: 'application/x-ndjson',
        body:
          line({ event: 'started', runUuid: 'x' }) +
          pieces.map((text) => line({ event: 'delta', text })).join('') +
          line({ event: 'done', success: true, finalContent: answer, iterations: 1, truncated: false, usage: [] }),
      }),
    );
    await openDemo();
    await run();
    await rendered();
    await dialog().getByRole('region', { name: 'Answer' }).getByText('hover me').hover();
    expect(await breaches()).toEqual([]);
    expect(await ran()).toBeUndefined();
    expect(await dialog().getByRole('region', { name: 'Answer' }).textContent()).toContain('<script>');
  });

  it('come as an unstreamed answer and as the server’s error text, and run nothing', async () => {
    let calls = 0;
    await page.route('**/api/ask-ai/run*', (route) => {
      calls++;
      const body =
        calls === 1
          ? { success: true, finalContent: XSS_PAYLOADS.join('\n\n'), iterations: 1, truncated: false, usage: [] }
          : { success: false, error: XSS_PAYLOADS.join(' ') };
      return route.fulfill({
        status: calls === 1 ? 200 : 500,
        contentType: 'application/json',
        body: JSON.stringify(body),
      });
    });
    await openDemo();
    await run();
    await rendered();
    expect(await breaches()).toEqual([]);
    await dialog().getByRole('button', { name: 'Regenerate' }).click();
    await dialog()
      .getByText(/The AI service failed/)
      .waitFor();
    const details = dialog().locator('details').filter({ hasText: 'The server said' });
    await details.locator('summary').click();
    expect(await details.locator('script, img, svg, iframe, object, embed, [onerror], [onload]').count()).toBe(0);
    expect(await ran()).toBeUndefined();
  });

  it('come as tool names, labels and descriptions, are shown as text, and run nothing', async () => {
    const traits = {
      approvalMarker: false,
      remote: false,
      remoteApproval: null,
      effect: 'read_only',
      requiresInput: false,
    };
    await page.route('**/api/ask-ai/tools*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          tools: [
            ...XSS_PAYLOADS.map((payload, i) => ({
              name: `tool_${i}_${payload}`,
              label: payload,
              description: payload,
              group: payload,
              traits,
            })),
            // A 10,000-character name wraps inside the list; it covers nothing.
            { name: 'n'.repeat(10_000), label: 'L'.repeat(10_000), traits },
          ],
        }),
      }),
    );
    // The tools are the administrator's view.
    await setSimulation({ user: 'admin' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
    await dialog()
      .getByText(`Tools: ${XSS_PAYLOADS.length + 1} available, 0 withheld`)
      .click();
    const list = dialog().locator('[data-ask-ai-part="tools"]');
    expect(await list.locator('script, img, iframe, object, embed, style, link, meta, base, form, input').count()).toBe(
      0,
    );
    expect(
      await list.evaluate(
        (el) => [...el.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
      ),
    ).toBe(0);
    expect(await list.textContent()).toContain('<script>window.__xss="script"</script>');
    const overflow = await dialog().evaluate((d) => {
      const body = d.querySelector('.ask-ai-body')!;
      return { body: body.scrollWidth - body.clientWidth, dialog: d.scrollWidth - d.clientWidth };
    });
    expect(overflow).toEqual({ body: 0, dialog: 0 });
    expect(await ran()).toBeUndefined();
  });
});

describe('links', () => {
  it('are live only for absolute http(s): and mailto: targets', async () => {
    const links = [
      '[relative](/typo3/record/edit)',
      '[protocol-relative](//evil.example/x)',
      '[ftp](ftp://files.example/x)',
      '[data](data:text/html,hi)',
      '[entity](&#106;avascript:alert(1))',
      '[mixed case](JaVaScRiPt:alert(1))',
      '[file](file:///etc/passwd)',
      '[fragment](#top)',
      '[https](https://example.org/a)',
      '[http](http://example.org/b)',
      '[mail](mailto:editor@example.org)',
      '<https://example.org/auto>',
    ];
    await page.route('**/api/ask-ai/run*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          finalContent: links.join('\n\n'),
          iterations: 1,
          truncated: false,
          usage: [],
        }),
      }),
    );
    await openDemo();
    await run();
    await rendered();
    const hrefs = await dialog()
      .getByRole('region', { name: 'Answer' })
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      'https://example.org/a',
      'http://example.org/b',
      'mailto:editor@example.org',
      'https://example.org/auto',
    ]);
    const text = await dialog().getByRole('region', { name: 'Answer' }).textContent();
    for (const label of ['relative', 'protocol-relative', 'ftp', 'data', 'entity', 'mixed case', 'file', 'fragment']) {
      expect(text).toContain(label);
    }
  });
});

describe(`a corpus of ${Object.keys(CORPUS).length} extreme answers`, () => {
  it('each shown on one page, nothing unmounted, the host page whole', async () => {
    // One page takes the whole corpus, an answer per open: a page that survives one answer must survive
    // the next (a leak or a stuck renderer would show), and the corpus costs one page load, not forty.
    const answers = Object.entries(CORPUS);
    let next = 0;
    await page.route('**/api/ask-ai/run*', (route) => {
      const finalContent = answers[Math.min(next++, answers.length - 1)]![1];
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, finalContent, iterations: 1, truncated: false, usage: [] }),
      });
    });
    await openDemo();
    for (const [name] of answers) {
      await run();
      // How long the longest main-thread task takes is the bench's figure (`npm run bench`), not this test's.
      await answered(dialog(), { timeout: 40_000 });
      const region = dialog().getByRole('region', { name: 'Answer' });
      await region.waitFor();
      expect((await region.textContent())?.length, name).toBeGreaterThan(0);
      // The host's own content is all there.
      expect(await page.getByRole('heading', { name: 'Edit content element' }).count(), name).toBe(1);
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Ask AI', exact: true }).first().click();
      await toolsLoaded(dialog());
    }
    expect(next).toBe(answers.length);
  }, 300_000);
});
