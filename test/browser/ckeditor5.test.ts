import { describe, expect, it } from 'vitest';
import { answerWith, page, useBrowser, answered, runTask } from './browser';

useBrowser();

// The TYPO3-like record form: CKEditor 5 from node_modules through an import map with one specifier per
// package, the plugin (built) imported as TYPO3's importModules does, the dialog in the plugin's shadow root.

interface EditorWindow {
  editor: {
    getData(): string;
    execute(command: string): void;
    model: {
      document: { getRoot(): { getChild(i: number): unknown; childCount: number } };
      change(callback: (writer: Record<string, (...args: unknown[]) => unknown>) => void): void;
    };
    editing: { view: { focus(): void } };
  };
  cspViolations: string[];
  appliedEvents: Array<[string, string | null]>;
  xssRan?: unknown;
}

const dialog = () => page.getByRole('dialog', { name: 'Ask AI' });
const data = () => page.evaluate(() => (window as unknown as EditorWindow).editor.getData());
/** The data without the AI-written marks, to compare structure. */
const plain = (html: string) => html.replace(/<\/?span[^>]*>/g, '');
const ORIGINAL =
  '<p>The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.</p>' +
  '<p>Guided tours start every hour, and entry is free on Sundays.</p>';

async function openRecord(query = '') {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`/typo3/record/edit${query}`);
  await page.locator('body[data-editor="ready"]').waitFor();
  return errors;
}

/** Selects the n-th block of the editor (as a triple click would) and opens the dialog from the toolbar. */
async function askAbout(block: number) {
  await page.evaluate((index) => {
    const { editor } = window as unknown as EditorWindow;
    editor.editing.view.focus();
    editor.model.change((writer) => writer.setSelection!(editor.model.document.getRoot().getChild(index), 'in'));
  }, block);
  await page.getByRole('toolbar').getByRole('button', { name: 'Ask AI' }).click();
  await dialog().locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
}

async function run(preset: string) {
  await runTask(dialog(), preset);
  await answered(dialog());
}

async function undoOnce() {
  await page.evaluate(() => (window as unknown as EditorWindow).editor.editing.view.focus());
  await page.keyboard.press('Control+z');
}

describe('the CKEditor 5 plugin on a TYPO3-like page (import map, per-package specifiers)', () => {
  it('is AskAi requiring AskAiEditing and AskAiUI; a host runs askAiReplace, askAiInsert: one undo each', async () => {
    await openRecord();
    const result = await page.evaluate(() => {
      type Host = {
        editor: {
          plugins: { has(name: string): boolean; get(name: string): { hold(): unknown; release(): void } };
          execute(command: string, options?: unknown): unknown;
          getData(): string;
          model: EditorWindow['editor']['model'];
          editing: EditorWindow['editor']['editing'];
        };
      };
      const { editor } = window as unknown as Host;
      const answer = (markdown: string) => ({ markdown, text: markdown });
      const plugins = ['AskAi', 'AskAiEditing', 'AskAiUI'].map((name) => editor.plugins.has(name));
      editor.editing.view.focus();
      editor.model.change((writer) => writer.setSelection!(editor.model.document.getRoot().getChild(1), 'in'));
      const editing = editor.plugins.get('AskAiEditing');
      const held = editing.hold();
      const replaced = editor.execute('askAiReplace', { answer: answer('Tours **hourly**.') });
      const afterReplace = editor.getData();
      // The held text is gone now: a second Replace is refused, saying why; nothing changes.
      const refused = editor.execute('askAiReplace', { answer: answer('Again.') });
      editing.release();
      const inserted = editor.execute('askAiInsert', { answer: answer('A new paragraph.') });
      return { plugins, held, replaced, afterReplace, refused, inserted, afterInsert: editor.getData() };
    });
    expect(result.plugins).toEqual([true, true, true]);
    expect(result.held).toMatchObject({ text: 'Guided tours start every hour, and entry is free on Sundays.' });
    expect(result.replaced).toBeNull();
    expect(plain(result.afterReplace)).toContain('<p>Tours <strong>hourly</strong>.</p>');
    expect(result.refused).toMatchObject({ refused: expect.stringMatching(/^selection(Changed|Removed)$/) });
    expect(result.inserted).toBeNull();
    expect(plain(result.afterInsert)).toContain('<p>A new paragraph.</p>');
    await undoOnce();
    expect(plain(await data())).not.toContain('A new paragraph.');
    await undoOnce();
    expect(plain(await data())).toBe(ORIGINAL);
  });

  it('opens the dialog on Ctrl+J in the editor, as the button does (its tooltip says so)', async () => {
    await openRecord();
    // The button's tooltip tells the keystroke.
    const button = page.getByRole('toolbar').getByRole('button', { name: 'Ask AI' });
    expect(await button.getAttribute('data-cke-tooltip-text')).toMatch(/Ctrl\+J|⌘J/);
    await page.evaluate(() => (window as unknown as EditorWindow).editor.editing.view.focus());
    await page.keyboard.press('Control+j');
    await dialog().getByRole('textbox', { name: 'Instruction' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('replaces the selection in one undoable change: the neighbours stay, one undo restores it exactly', async () => {
    const errors = await openRecord();
    const bodies: Array<{ context?: Record<string, unknown> }> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ask-ai/run')) bodies.push(JSON.parse(request.postData() ?? '{}'));
    });
    expect(plain(await data())).toBe(ORIGINAL);
    await askAbout(0);
    // The selection is held, visibly, while the dialog is open.
    expect(await page.locator('.ck-editor__editable .ask-ai-held-selection').count()).toBeGreaterThan(0);
    await run('Shorten');
    const blocks = dialog().getByRole('region', { name: 'Answer' }).locator('.ask-ai-answer-blocks p');
    const answer = ((await blocks.first().textContent()) ?? '').trim().slice(0, 20);
    await dialog().getByRole('button', { name: 'Replace selection' }).click();
    await dialog().waitFor({ state: 'hidden' });
    const after = plain(await data());
    expect(after).toMatch(/^<p>[^<]+<\/p><p>Guided tours start every hour, and entry is free on Sundays\.<\/p>$/);
    expect(after).toContain(answer);
    const runId = /<span data-ai-generated="([0-9a-f-]{36})">/.exec(await data())?.[1];
    expect(runId).toBeDefined();
    // The plugin's `apply` event carries the run that wrote the text.
    expect(await page.evaluate(() => (window as unknown as EditorWindow).appliedEvents)).toEqual([['replace', runId]]);
    expect(await page.locator('.ck-editor__editable .ask-ai-held-selection').count()).toBe(0);
    await expect(page.getByRole('list', { name: 'Editor log' }).textContent()).resolves.toMatch(/^Replaced: Shorten/);
    await undoOnce();
    expect(await data()).toBe(ORIGINAL);
    // What went with the task: the selection as text and as markdown, the document, the record.
    expect(bodies[0]?.context).toMatchObject({
      selection: 'The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.',
      selectionMarkdown:
        'The museum reopens after a year of renovation. Its new wing shows regional art from three centuries.',
      recordTable: 'tt_content',
      recordUid: 12,
      recordField: 'bodytext',
    });
    expect(bodies[0]?.context?.document).toContain('Guided tours start every hour');
    expect(errors).toEqual([]);
  });

  it('inserts after the selection and keeps it', async () => {
    await openRecord();
    await askAbout(0);
    await run('Summarise');
    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    const blocks = plain(await data()).match(/<p>.*?<\/p>/g) ?? [];
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toBe(ORIGINAL.match(/<p>.*?<\/p>/)![0]);
    expect(blocks[2]).toBe('<p>Guided tours start every hour, and entry is free on Sundays.</p>');
    await undoOnce();
    expect(await data()).toBe(ORIGINAL);
  });

  it('releases the held selection when the dialog closes: no marker, no highlight left in the editor', async () => {
    await openRecord();
    await askAbout(0);
    const held = () =>
      page.evaluate(() => ({
        marker: (
          window as unknown as { editor: { model: { markers: { has(name: string): boolean } } } }
        ).editor.model.markers.has('askAi:selection'),
        highlighted: document.querySelectorAll('.ask-ai-held-selection').length,
      }));
    expect(await held()).toEqual({ marker: true, highlighted: 1 });
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(await held()).toEqual({ marker: false, highlighted: 0 });
  });

  it('refuses Insert and Replace while the editor is read-only, saying why; the field stays as it was', async () => {
    await openRecord();
    await askAbout(0);
    await run('Shorten');
    await page.evaluate(() =>
      (window as unknown as { editor: { enableReadOnlyMode(id: string): void } }).editor.enableReadOnlyMode('test'),
    );
    for (const action of ['Insert', 'Replace selection']) {
      await dialog().getByRole('button', { name: action }).click();
      await dialog()
        .getByRole('alert')
        .getByText('This field cannot be edited here. Copy the answer instead.')
        .waitFor();
    }
    expect(await data()).toBe(ORIGINAL);
  });

  it('brings lists, bold and tables as the editor’s own, the rest as paragraphs, HTML as text', async () => {
    await openRecord();
    await answerWith(
      [
        'An answer with **bold** words and a [link](https://example.org/a).',
        '- one\n- two',
        '| a | b |\n|---|---|\n| 1 | 2 |',
        '##### A heading level the editor lacks',
        '```\nconst kept = true;\n```',
        '<script>window.xssRan = 1</script> <img src=x onerror="window.xssRan = 2">',
        // A link of its own paragraph (inside the raw HTML block above, it would be that block's text).
        'A [bad](javascript:alert(1)) link.',
      ].join('\n\n'),
    );
    await askAbout(1);
    await run('Summarise');
    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    const html = plain(await data());
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.org/a">link</a>');
    expect(html).toMatch(/<ul><li[^>]*>one<\/li><li[^>]*>two<\/li><\/ul>/);
    expect(html).toMatch(/<table>.*<td>1<\/td><td>2<\/td>.*<\/table>/);
    expect(html).toContain('<p>A heading level the editor lacks</p>');
    expect(html).toContain('const kept = true;');
    expect(html).toContain('&lt;script&gt;window.xssRan = 1&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror="window.xssRan = 2"&gt;');
    expect(html).toContain('<p>A bad link.</p>');
    expect(html).not.toMatch(/<script|<img|javascript:/);
    expect(await page.evaluate(() => (window as unknown as EditorWindow).xssRan)).toBeUndefined();
  });

  it('refuses Replace, saying why, when the selected text changed or vanished while the dialog was open', async () => {
    await openRecord();
    await askAbout(0);
    await run('Shorten');
    // A collaborator (or the editor, elsewhere) changes the held text.
    await page.evaluate(() => {
      const { editor } = window as unknown as EditorWindow;
      editor.model.change((writer) => writer.insertText!('Changed: ', editor.model.document.getRoot().getChild(0), 30));
    });
    await dialog().getByRole('button', { name: 'Replace selection' }).click();
    await expect(dialog().getByRole('alert').textContent()).resolves.toMatch(
      /^The selected text has changed since this opened\. Select it again, or use Insert\./,
    );
    expect(plain(await data())).toContain('Changed: ');
    expect(plain(await data())).not.toContain('data-ai-generated');
    // Gone altogether.
    await page.evaluate(() => {
      const { editor } = window as unknown as EditorWindow;
      editor.model.change((writer) => writer.remove!(editor.model.document.getRoot().getChild(0)));
    });
    await dialog().getByRole('button', { name: 'Replace selection' }).click();
    // The alert of the first refusal is still there: wait for its new sentence.
    await dialog()
      .getByRole('alert')
      .filter({ hasText: /^The selected text is no longer in the editor/ })
      .waitFor();
    // Insert still works.
    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await data()).toContain('data-ai-generated');
  });

  it('keeps the held-selection style for one editor when a second editor on the page is destroyed', async () => {
    await openRecord();
    await askAbout(0);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    // A second editor with the plugin opens its dialog (adopting the same sheet) and goes away. Passed as
    // text: the page's import map resolves these, not the test's module loader.
    const sheetsLeft = await page.evaluate(`(async () => {
      const { ClassicEditor } = await import('@ckeditor/ckeditor5-editor-classic');
      const { Essentials } = await import('@ckeditor/ckeditor5-essentials');
      const { Paragraph } = await import('@ckeditor/ckeditor5-paragraph');
      const { AskAi } = await import('@ask-ai-dialog/typo3/ckeditor5.js');
      const element = document.createElement('div');
      document.body.append(element);
      const second = await ClassicEditor.create(element, {
        licenseKey: 'GPL',
        plugins: [Essentials, Paragraph, AskAi],
        toolbar: ['askAi'],
        askAi: { routes: { tools: 'ask_ai_tools', run: 'ask_ai_run' } },
      });
      second.plugins.get('AskAi').open();
      second.plugins.get('AskAi').close();
      await second.destroy();
      return document.adoptedStyleSheets.length;
    })()`);
    expect(sheetsLeft).toBe(1);
    await askAbout(0);
    const held = await page.evaluate(
      () => getComputedStyle(document.querySelector('.ask-ai-held-selection')!).backgroundColor,
    );
    expect(held).not.toBe('rgba(0, 0, 0, 0)');
  });

  for (const policy of ['self', 'nonce'] as const) {
    const named = policy === 'self' ? "style-src 'self'" : 'a style-src-elem nonce';
    it(`works and is styled under ${named}, without a violation`, async () => {
      const errors = await openRecord(`?csp=${policy}`);
      await askAbout(0);
      const styled = await page.evaluate(() => {
        const host = document.querySelector('[data-ask-ai-part="ckeditor5"]')!;
        const element = host.shadowRoot!.querySelector('dialog')!;
        const held = document.querySelector('.ask-ai-held-selection');
        return {
          radius: getComputedStyle(element).borderTopLeftRadius,
          held: held ? getComputedStyle(held).backgroundColor : null,
        };
      });
      expect(styled.radius).not.toBe('0px');
      expect(styled.held).not.toMatch(/^rgba\(0, 0, 0, 0\)$/);
      await run('Summarise');
      await dialog().getByRole('button', { name: 'Insert' }).click();
      await dialog().waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => (window as unknown as EditorWindow).cspViolations)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('the standalone widget under a Content-Security-Policy', () => {
  for (const policy of ['self', 'nonce'] as const) {
    it(`is styled and runs under ${policy === 'self' ? "style-src 'self'" : 'a style-src-elem nonce'}`, async () => {
      await page.goto(`/typo3/widget?csp=${policy}`);
      await page.getByRole('button', { name: 'Ask AI' }).click();
      await dialog().getByRole('textbox', { name: 'Instruction' }).fill('Summarise this text in two sentences.');
      await dialog().getByRole('textbox', { name: 'Instruction' }).press('Enter');
      await answered(dialog());
      const radius = await page.evaluate(() => {
        const element = document.querySelector('ask-ai-dialog')!.shadowRoot!.querySelector('dialog')!;
        return getComputedStyle(element).borderTopLeftRadius;
      });
      expect(radius).not.toBe('0px');
      expect(await page.evaluate(() => (window as unknown as EditorWindow).cspViolations)).toEqual([]);
    });
  }
});

describe('plain-field adapters', () => {
  const open = async (trigger: string) => {
    await page.getByRole('button', { name: trigger }).click();
    await dialog().locator('[data-ask-ai-part="body"]:not([data-tools="pending"])').waitFor();
  };

  /** The fields page with the notes' first paragraph selected and `preset` answered with `answer`. */
  const answerOnNotes = async (answer: string, preset: string, query = '') => {
    await answerWith(answer);
    await page.goto(`/typo3/fields${query}`);
    await page.locator('body[data-fields="ready"]').waitFor();
    const notes = page.getByRole('textbox', { name: 'Notes' });
    await notes.locator('p').first().selectText();
    await open('Ask AI about the notes');
    await run(preset);
    return notes;
  };

  /** The fields page, ready, and its teaser textarea. */
  const openTeaser = async () => {
    await page.goto('/typo3/fields');
    await page.locator('body[data-fields="ready"]').waitFor();
    return page.getByRole('textbox', { name: 'Teaser' });
  };

  it('a textarea: Replace the selection, one undo restores it; Insert after it; a changed one is refused', async () => {
    await answerWith('Tours hourly.');
    const teaser = await openTeaser();
    const original = await teaser.inputValue();
    const select = () =>
      teaser.evaluate((field: HTMLTextAreaElement) =>
        field.setSelectionRange(field.value.indexOf('Guided'), field.value.length),
      );
    await select();
    await open('Ask AI about the teaser');
    await run('Shorten');
    await dialog().getByRole('button', { name: 'Replace selection' }).click();
    await dialog().waitFor({ state: 'hidden' });
    // The edit goes in once the modal dialog has closed (the page behind it is inert until then).
    await expect.poll(() => teaser.inputValue()).toBe('The museum reopens after a year of renovation. Tours hourly.');
    await teaser.focus();
    await page.keyboard.press('Control+z');
    expect(await teaser.inputValue()).toBe(original);

    await select();
    await open('Ask AI about the teaser');
    await run('Summarise');
    await teaser.evaluate((field: HTMLTextAreaElement) =>
      field.setRangeText('Now: ', field.value.indexOf('Guided'), field.value.indexOf('Guided')),
    );
    await dialog().getByRole('button', { name: 'Replace selection' }).click();
    await dialog().getByRole('alert').waitFor();
    expect(await teaser.inputValue()).toContain('Now: Guided');
    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect
      .poll(() => teaser.inputValue())
      .toMatch(
        /^The museum reopens after a year of renovation\. Now: Guided tours start every hour\.\n\nTours hourly\.$/,
      );
  });

  it('a read-only, a disabled or a too-short field is never written: the dialog says why, Copy stays', async () => {
    await answerWith('Tours start every hour, and Sundays are free.');
    const teaser = await openTeaser();
    const original = await teaser.inputValue();
    await teaser.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(0, 10));
    await open('Ask AI about the teaser');
    await run('Summarise');
    const refusal = dialog().getByRole('alert');
    const READ_ONLY = 'This field cannot be edited here. Copy the answer instead.';
    const TOO_LONG = /^The answer does not fit: this field takes at most \d+ characters\./;
    // Each step's sentence differs from the one before, so waiting for it waits for that click's answer.
    const steps = [
      ['readOnly', 'Insert', READ_ONLY],
      ['maxLength', 'Insert', TOO_LONG],
      ['disabled', 'Replace selection', READ_ONLY],
      ['maxLength', 'Replace selection', TOO_LONG],
      ['readOnly', 'Replace selection', READ_ONLY],
      ['maxLength', 'Insert', TOO_LONG],
      ['disabled', 'Insert', READ_ONLY],
    ] as const;
    for (const [lock, action, sentence] of steps) {
      await teaser.evaluate((field: HTMLTextAreaElement, key) => {
        if (key === 'maxLength') field.maxLength = field.value.length + 10;
        else field[key] = true;
      }, lock);
      await dialog().getByRole('button', { name: action }).click();
      await refusal.getByText(sentence).waitFor();
      await teaser.evaluate((field: HTMLTextAreaElement) => {
        field.readOnly = false;
        field.disabled = false;
        field.removeAttribute('maxlength');
      });
    }
    expect(await dialog().getByRole('button', { name: 'Copy' }).isEnabled()).toBe(true);
    expect(await teaser.inputValue()).toBe(original);

    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    // Below the held selection's line ("The museum …"), a blank line apart.
    await expect.poll(() => teaser.inputValue()).toBe(`${original}\n\nTours start every hour, and Sundays are free.`);
  });

  it('says "Inserted" only once the field reads back with the answer: a reverted field is refused', async () => {
    await answerWith('Tours hourly.');
    const teaser = await openTeaser();
    const original = await teaser.inputValue();
    // A page's script that puts its own value back on every edit.
    await teaser.evaluate((field: HTMLTextAreaElement) => {
      const kept = field.value;
      field.addEventListener('input', () => (field.value = kept));
    });
    await open('Ask AI about the teaser');
    await run('Summarise');
    await dialog().getByRole('button', { name: 'Insert' }).click();
    // The dialog closed for the edit (the page behind it is inert), and opens again with the reason.
    await dialog()
      .getByRole('alert')
      .getByText('The editor could not take the answer here. Copy it instead.')
      .waitFor();
    expect(await teaser.inputValue()).toBe(original);
    expect(await dialog().getByRole('region', { name: 'Answer' }).textContent()).toContain('Tours hourly.');
    expect(await dialog().getByRole('button', { name: 'Copy' }).isEnabled()).toBe(true);
    // The page's onApply heard nothing.
    expect(await page.getByRole('list', { name: 'Editor log' }).textContent()).toBe('');
  });

  it('works under Trusted Types: the contenteditable takes the answer as elements, no violation or error', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const notes = await answerOnNotes('**Free** on Sundays.', 'Improve', '?csp=trusted-types');
    await dialog().getByRole('button', { name: 'Insert' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => notes.innerHTML()).toContain('<strong>Free</strong> on Sundays.');
    expect(await page.evaluate(() => (window as unknown as EditorWindow).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a contenteditable: the answer as elements (raw HTML as text), one undo restores it', async () => {
    await page.goto('/typo3/fields');
    await page.locator('body[data-fields="ready"]').waitFor();
    await answerWith('**Free** on Sundays:\n\n- adults\n- children\n\n<b onmouseover="x()">raw</b>');
    const notes = page.getByRole('textbox', { name: 'Notes' });
    const original = await notes.innerHTML();
    await notes.locator('p').first().selectText();
    await open('Ask AI about the notes');
    await run('Improve');
    await dialog().getByRole('button', { name: 'Replace selection' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => notes.innerHTML()).toContain('<strong>Free</strong>');
    const html = await notes.innerHTML();
    expect(html).toContain('<strong>Free</strong>');
    expect(html).toMatch(/<li>adults<\/li>\s*<li>children<\/li>/);
    expect(html).toContain('&lt;b onmouseover="x()"&gt;raw&lt;/b&gt;');
    expect(html).toContain('The café opens in spring.');
    await notes.focus();
    await page.keyboard.press('Control+z');
    expect((await notes.innerHTML()).replace(/\s+/g, ' ')).toBe(original.replace(/\s+/g, ' '));
  });
});
