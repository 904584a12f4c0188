import { describe, expect, it } from 'vitest';
import { page, useBrowser, setSimulation, runTask, answered } from './browser';

useBrowser();

// Every widget test runs on the source widget and on the built standalone file (Preact inside), so a
// gap in preact/compat fails the test command.
describe.each([
  ['the source widget (React)', '/typo3-host.html'],
  ['the built standalone widget (Preact)', '/typo3-host.html?widget=dist'],
])('%s on a TYPO3-like page without React', (_widget, host) => {
  it(
    'runs inside its shadow root with the route tokens, emits ' + 'ask-ai-insert, and leaves the page’s CSS alone',
    async () => {
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/ask-ai/')) requests.push(request.url());
      });
      await page.goto(host);
      const hostButton = page.locator('#host-button');
      const before = await hostButton.evaluate((el) => ({
        color: getComputedStyle(el).color,
        transform: getComputedStyle(el).textTransform,
      }));
      const headStyles = await page.evaluate(
        () => document.head.querySelectorAll('style, link[rel=stylesheet]').length,
      );

      const trigger = page.getByRole('button', { name: 'Ask AI' });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: 'Ask AI' });
      await dialog.locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();

      // The dialog lives in the element's shadow root.
      expect(
        await page.evaluate(() =>
          Boolean(document.querySelector('ask-ai-dialog')?.shadowRoot?.querySelector('dialog[open]')),
        ),
      ).toBe(true);
      expect(await page.evaluate(() => document.querySelector('dialog'))).toBeNull();
      // Focus moved into the dialog inside the shadow root, and Tab stays there.
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(
            () => document.querySelector('ask-ai-dialog')?.shadowRoot?.activeElement?.closest('dialog') != null,
          ),
        ).toBe(true);
      }

      await runTask(dialog, 'Keywords');
      await answered(dialog);
      const inserted = page.evaluate(
        () =>
          new Promise<{ text: string; instruction: string }>((resolve) =>
            document.addEventListener(
              'ask-ai-insert',
              (e) =>
                resolve({
                  text: (e as CustomEvent).detail.answer.text,
                  instruction: (e as CustomEvent).detail.meta.instruction,
                }),
              { once: true },
            ),
          ),
      );
      await dialog.getByRole('button', { name: 'Insert' }).click();
      const detail = await inserted;
      expect(detail.instruction).toBe('Suggest keywords for this text.');
      expect(await page.locator('#bodytext').inputValue()).toContain(detail.text);
      expect(await page.getByRole('list', { name: 'Widget log' }).textContent()).toContain(
        'Inserted: Suggest keywords',
      );

      // The tokens of TYPO3.settings.ajaxUrls were kept; parameters were appended.
      expect(requests.some((u) => u.includes('/api/ask-ai/tools?token=a1b2c3tools&configuration=default'))).toBe(true);
      expect(requests.some((u) => u.endsWith('/api/ask-ai/run?token=d4e5f6run'))).toBe(true);

      // The page's CSS does not reach in, and nothing of the widget's reaches out.
      const widgetButton = await page.evaluate(() => {
        const b = document.querySelector('ask-ai-dialog')?.shadowRoot?.querySelector('button.ask-ai-trigger');
        return b ? getComputedStyle(b).textTransform : null;
      });
      expect(widgetButton).toBe('none');
      expect(
        await hostButton.evaluate((el) => ({
          color: getComputedStyle(el).color,
          transform: getComputedStyle(el).textTransform,
        })),
      ).toEqual(before);
      expect(before).toEqual({ color: 'rgb(200, 0, 0)', transform: 'uppercase' });
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('p')!).color)).toBe('rgb(0, 90, 0)');
      expect(await page.evaluate(() => document.head.querySelectorAll('style, link[rel=stylesheet]').length)).toBe(
        headStyles,
      );

      // Insert closed the dialog and gave focus back to the trigger inside the shadow root.
      await dialog.waitFor({ state: 'hidden' });
      expect(
        await page.evaluate(() => document.querySelector('ask-ai-dialog')?.shadowRoot?.activeElement?.textContent),
      ).toBe('Ask AI');
    },
  );

  it('keeps its run, its dialog and the instruction when the page moves it to another parent', async () => {
    await setSimulation({ fault: 'stalled-stream' });
    await page.goto(host);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await dialog.getByRole('textbox', { name: 'Instruction' }).fill('Summarise this text in two sentences.');
    await dialog.getByRole('textbox', { name: 'Instruction' }).press('Enter');
    await dialog.locator('[data-ask-ai-part="answer-text"]').waitFor();
    // The answer's own text, trimmed: the plain fallback (before the markdown chunk) keeps a trailing space.
    const answerText = async () =>
      ((await dialog.locator('[data-ask-ai-part="answer-text"]').textContent()) ?? '').trim();
    const partial = await answerText();
    await page.evaluate(() => {
      const section = document.createElement('section');
      document.body.append(section);
      section.append(document.querySelector('ask-ai-dialog')!);
    });
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => document.querySelector('ask-ai-dialog')?.parentElement?.tagName)).toBe('SECTION');
    expect(await dialog.getAttribute('data-state')).toBe('running');
    // The words that went out head the answer still (the box is free meanwhile); Stop gives them back.
    expect(await dialog.locator('[data-ask-ai-part="provenance"]').textContent()).toContain(
      'Summarise this text in two sentences.',
    );
    // What had arrived is still there (more may have come before the stream stalls).
    expect(partial).not.toBe('');
    expect((await answerText()).startsWith(partial)).toBe(true);
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await dialog.getByText('Stopped.').first().waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Instruction' }).inputValue()).toBe(
      'Summarise this text in two sentences.',
    );
  });

  it('fetches the tool list’s reader and the run’s readers only when the editor reaches for the dialog', async () => {
    // `/src/client/run-readers.ts` from the source, `widget-standalone-run-readers-<hash>.js` from dist.
    const LATER = /(\/|standalone-)(offerable-tools|run-readers)[.-]/;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(host);
    await page.getByRole('button', { name: 'Ask AI' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The trigger is on the page (and the dialog's contents were fetched for it); the rest waits.
    expect(scripts.filter((path) => LATER.test(path))).toEqual([]);
    await page.getByRole('button', { name: 'Ask AI' }).hover();
    await expect.poll(() => scripts.filter((path) => LATER.test(path)).length).toBeGreaterThanOrEqual(2);
  });

  it('says the server cannot be reached when the run’s readers cannot be fetched; Try again fetches them', async () => {
    const readers = /(\/|standalone-)run-readers[.-]/;
    await page.route(readers, (route) => route.abort('internetdisconnected'));
    await page.goto(host);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    const instruction = dialog.getByRole('textbox', { name: 'Instruction' });
    await instruction.fill('Summarise this text in two sentences.');
    await instruction.press('Enter');
    await dialog.getByText('The server could not be reached. Check your connection and try again.').waitFor();
    expect(await instruction.inputValue()).toBe('Summarise this text in two sentences.');
    expect(await dialog.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await page.unroute(readers);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await answered(dialog);
  });

  it('stops a run on Esc inside the shadow root before it closes', async () => {
    await setSimulation({ fault: 'stalled-stream' });
    await page.goto(host);
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await runTask(dialog, 'Summarise');
    await dialog.locator('[data-ask-ai-part="answer-text"]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByText('Stopped.').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
