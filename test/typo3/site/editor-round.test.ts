import { describe, expect, it } from 'vitest';
import {
  bodytext,
  dialog,
  login,
  logsSince,
  markLogs,
  model,
  openContentElement,
  page,
  problems,
  selectParagraph,
  sentText,
  useTypo3,
} from './harness/backend';

// On the suite's site (MariaDB), and once more on SQLite: the round an editor makes works on either.
describe.each([
  ['the suite’s database', {}],
  ['SQLite', { on: 'sqlite' as const }],
])('an editor with nr-llm grant, in the real TYPO3 on %s', (_database, on) => {
  useTypo3(on);

  it('shortens the selected paragraph, replaces it and saves: only that paragraph changes', async () => {
    const mark = markLogs();
    await model.script({ when: 'Shorten', content: 'The harbour opened in 1871 for the fishing fleet.' });
    await login('editor');
    const frame = await openContentElement(1);
    await selectParagraph(frame, 0);
    await frame.getByRole('button', { name: 'Ask AI' }).first().click();
    const ask = dialog();
    await ask.getByRole('option', { name: 'Shorten' }).click();
    await ask.getByText('The harbour opened in 1871 for the fishing fleet.').waitFor();
    await ask.getByRole('button', { name: 'Replace selection' }).click();
    await frame
      .getByRole('button', { name: 'Save' })
      .first()
      .click()
      .catch(async () => {
        await page.getByRole('button', { name: 'Save' }).first().click();
      });
    await expect.poll(() => bodytext(1), { timeout: 20_000 }).toContain('for the fishing fleet.');
    const stored = await bodytext(1);
    expect(stored).not.toContain('served the fishing fleet for more than a century');
    expect(stored).toContain(
      '<p>Today the old warehouses hold a market, two museums and a ferry terminal with crossings every hour.</p>',
    );
    expect(stored).toContain('<p>Visitors reach it by tram line 4 from the central station.</p>');
    const sent = await model.log();
    expect(sent.map(sentText).join('\n')).toContain('served the fishing fleet for more than a century');
    // Through the whole round: no console error or CSP violation in any frame, and nothing of the
    // extension's in TYPO3's logs, its deprecation log or PHP's (warnings, notices, deprecations).
    expect(problems).toEqual([]);
    const extension = /ask_ai|AskAiDialog|\/typo3\/Classes\//i;
    const trouble = /warning|notice|deprecat|error|exception/i;
    expect(logsSince(mark).filter((line) => extension.test(line) && trouble.test(line))).toEqual([]);
  });
});
