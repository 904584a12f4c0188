import { describe, expect, it } from 'vitest';
import { dialogOnParagraph, instruct, login, model, route, sentText, settings, sql, useTypo3 } from './harness/backend';

describe('a run through nr-llm, in the real TYPO3', () => {
  useTypo3();

  it('a tool not offered is not run (approval-bound, a writer); an offered read tool is', async () => {
    await model.script(
      {
        when: 'ferry timetable',
        toolCalls: [
          { name: 'update_page_metadata', arguments: { uid: 1, title: 'Taken over' } },
          { name: 'create_page_draft', arguments: { pid: 1, title: 'Spam' } },
          { name: 'get_page_content', arguments: { uid: 1 } },
        ],
      },
      { when: 'ferry timetable', content: 'The ferry leaves every hour.' },
    );
    const { ask } = await dialogOnParagraph({ as: 'editor' });
    await instruct(ask, 'Add the ferry timetable');
    await ask.getByText('The ferry leaves every hour.').waitFor();
    const log = await model.log();
    expect(log).toHaveLength(2);
    // The model was offered only unattended read tools: never a writer.
    const offered = ((log[0]!.body.tools as Array<{ function: { name: string } }> | undefined) ?? []).map(
      (t) => t.function.name,
    );
    expect(offered).toContain('get_page_content');
    expect(offered).not.toContain('update_page_metadata');
    expect(offered).not.toContain('create_page_draft');
    // nr-llm answered the calls the run did not offer with a refusal, and ran the offered one.
    const second = sentText(log[1]!);
    expect(second).toContain('About the harbour');
    expect(await sql('SELECT uid FROM pages WHERE title IN (?, ?)', ['Taken over', 'Spam'])).toEqual([]);
    expect(await sql("SELECT uid FROM tx_nrllm_agentrun WHERE status LIKE 'waiting%'")).toEqual([]);
  });

  it.each([
    ['a 500', { status: 500, body: '{"error":"boom"}' }, /not answering|could not complete|failed/, true],
    [
      'a 429 with Retry-After',
      { status: 429, headers: { 'retry-after': '30' }, body: '{"error":"slow down"}' },
      /busy/,
      true,
    ],
    // A key the service does not take, a model it does not have: for an administrator, not worth a retry.
    ['a 401', { status: 401, body: '{"error":"invalid api key sk-fake-123"}' }, /not set up correctly/, false],
    ['a 404', { status: 404, body: '{"error":"model \'fake-model\' not found"}' }, /not set up correctly/, false],
  ])('the model answers %s: one sentence, and Try again where it can help', async (_name, reply, sentence, retry) => {
    await model.script({ ...reply, times: null });
    const { ask } = await dialogOnParagraph({ as: 'editor' });
    await ask.getByRole('option', { name: 'Shorten' }).click();
    const alert = ask.getByRole('alert').first();
    await alert.waitFor({ timeout: 40_000 });
    expect(await alert.textContent()).toMatch(sentence);
    expect(await alert.textContent()).not.toMatch(/sk-fake|127\.0\.0\.1|http/);
    if (!retry) expect(await alert.textContent()).not.toMatch(/could not complete|not answering/);
    if (retry) await ask.getByRole('button', { name: /Try again/ }).waitFor();
    else expect(await ask.getByRole('button', { name: /Try again/ }).count()).toBe(0);
    // The model was asked once: a refusal of the set-up is not retried behind the editor's back either.
    if (!retry) expect(await model.log()).toHaveLength(1);
  });

  it('a model that never answers meets the extension’s own deadline: a sentence, the worker free', async () => {
    await settings({ runDeadline: 5 });
    await model.script({ hang: true, times: null });
    const { ask } = await dialogOnParagraph({ as: 'editor' });
    await ask.getByRole('option', { name: 'Shorten' }).click();
    const alert = ask.getByRole('alert').first();
    await alert.waitFor({ timeout: 40_000 });
    expect(await alert.textContent()).toMatch(/did not answer in time/);
    // The site still answers: no worker is held by the hanging call.
    expect((await route('ask_ai_tools')).status).toBe(200);
  });

  it('an nr-llm task is a preset: it runs as nr-llm’s task; Helpful reaches nr-llm’s outcome table', async () => {
    const now = Math.floor(Date.now() / 1000);
    await sql(
      'INSERT INTO tx_nrllm_task (identifier, name, description, category, prompt_template, input_type, ' +
        'output_format, configuration_uid, is_active, tstamp, crdate) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT uid FROM tx_nrllm_configuration WHERE is_default = 1), 1, ?, ?)',
      [
        'teaser-writer',
        'Write a teaser',
        'A two-sentence teaser for the start page.',
        'content',
        'Write a teaser for: {{input}}',
        'manual',
        'plain',
        now,
        now,
      ],
    );
    await model.script({ when: 'Write a teaser for', content: 'Come and see the harbour.' });
    const { ask } = await dialogOnParagraph({ as: 'editor' });
    // nr-llm's tasks are the list's further tasks: typing finds them.
    await ask.getByRole('textbox', { name: 'Instruction' }).fill('teaser');
    await ask.getByRole('option', { name: 'Write a teaser' }).click();
    await ask.getByText('Come and see the harbour.').waitFor();
    expect(sentText((await model.log())[0]!)).toContain('served the fishing fleet');
    // A teaser is new writing (what nr-llm records of the task says so): it goes below the paragraph.
    const primary = ask.locator('[data-ask-ai-part="actions"] .ask-ai-primary');
    expect(await primary.textContent()).toBe('Insert below');
    await expect.poll(() => primary.evaluate((button) => button.matches(':focus')), { timeout: 5_000 }).toBe(true);
    await ask.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect
      .poll(async () => (await sql('SELECT * FROM tx_nrllm_call_outcome')).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
  });
});

describe('the extension under load and attack, in the real TYPO3', () => {
  useTypo3();

  it('a broken run ledger answers JSON with one sentence, never TYPO3’s HTML error page', async () => {
    // The extension's own ledger table (ext_tables.sql), on whatever database the site runs.
    const ledger = 'tx_askai_run';
    expect(await sql(`SELECT COUNT(*) AS n FROM ${ledger}`)).toHaveLength(1);
    await login('editor');
    await sql(`ALTER TABLE ${ledger} RENAME TO ${ledger}_away`);
    try {
      const answer = await route('ask_ai_run', { prompt: 'Shorten this.', tools: [], requestId: 'ledger-1' });
      expect(answer.type).not.toMatch(/html/);
      expect(answer.text).not.toMatch(/<html|\/vendor\/|\.php/);
      expect(answer.status).toBeGreaterThanOrEqual(500);
    } finally {
      await sql(`ALTER TABLE ${ledger}_away RENAME TO ${ledger}`);
    }
    expect(await model.log()).toEqual([]);
  });
});
