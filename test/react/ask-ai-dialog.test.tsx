// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AskAiDialog } from '../../src/react';
import {
  ARTICLE,
  ENDPOINTS,
  backend,
  holdStreams,
  openDialog,
  releaseStream,
  renderDialog,
  runInstruction,
  sent,
  server,
  settled,
  useBackend,
  answerWith,
  answerText,
  runTask,
  task,
  taskNames,
} from './dialog-harness';

useBackend();

const traits = { approvalMarker: false, remote: false, remoteApproval: null, effect: null, requiresInput: false };

describe('opening and closing', () => {
  it('opens a dialog named "Ask AI" from the "Ask AI" trigger, labelled by its title', async () => {
    const { user } = renderDialog();
    const trigger = screen.getByRole('button', { name: 'Ask AI' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleName('Ask AI');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('is controlled through open and onOpenChange', async () => {
    const onOpenChange = vi.fn();
    const { rerender, user } = renderDialog({ open: false, onOpenChange });
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<AskAiDialog endpoints={ENDPOINTS} open onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('dialog', { name: 'Ask AI' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('opens by default with defaultOpen and without the trigger when hidden', async () => {
    renderDialog({ defaultOpen: true, hideTrigger: true });
    expect(await screen.findByRole('dialog', { name: 'Ask AI' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask AI' })).not.toBeInTheDocument();
  });

  it('prefetches the tools when the trigger is hovered or focused', async () => {
    const { user } = renderDialog();
    await user.hover(screen.getByRole('button', { name: 'Ask AI' }));
    await waitFor(() => expect(sent.tools).toHaveLength(1));
    expect(sent.tools[0]?.search).toBe('?token=t1');
  });
});

describe('for editors: the task, the answer, what to do with it', () => {
  it('at rest shows at most six controls and 25 words, and nothing meant for developers', async () => {
    const { user } = renderDialog({ context: { selection: ARTICLE, recordTable: 'tt_content', recordUid: 7 } });
    const dialog = await openDialog(user);
    // Without a place beside the selection (this host gives none), the dialog quotes it: the editor's own
    // words, two lines of them, and "Show all" — outside the budget of the dialog's own controls and words.
    const quote = within(dialog).getByRole('figure', { name: 'Selected text' });
    expect(within(quote).getByRole('button', { name: 'Show all' })).toHaveAttribute('aria-expanded', 'false');
    const own = (element: HTMLElement) => !quote.contains(element);
    const controls = [
      ...within(dialog).queryAllByRole('button'),
      ...within(dialog).queryAllByRole('textbox'),
      ...within(dialog).queryAllByRole('option'),
      ...within(dialog).queryAllByRole('link'),
    ].filter(own);
    expect(controls.map((c) => c.getAttribute('aria-label') ?? c.textContent)).toEqual([
      'Close',
      'Instruction',
      'Improve',
      'Fix spelling',
      'Shorten',
      'More tasks›',
    ]);
    const text = (dialog.textContent ?? '').replace(quote.textContent ?? '', '');
    const words = text.split(/\s+/).filter((w) => /\w/.test(w));
    const placeholder = within(dialog).getByRole('textbox', { name: 'Instruction' }).getAttribute('placeholder')!;
    expect(words.length + placeholder.split(/\s+/).length).toBeLessThanOrEqual(25);
    expect(within(dialog).getByText('Uses the selected text and this content element.')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/Tools:|approval|characters|Steps|tokens|Run ID/);
  });

  it('an editor never sees tools, steps, token usage or run ids; an administrator’s debug view does', async () => {
    const editor = renderDialog({ onInsert: vi.fn() });
    let dialog = await openDialog(editor.user);
    await runInstruction(editor.user, 'Summarise this.');
    await settled();
    expect(dialog).not.toHaveTextContent(/Tools:|Steps \(|tokens|Run ID|Get page content/);
    expect(dialog.querySelector('[data-ask-ai-part="tools"], [data-ask-ai-part="timeline"]')).toBeNull();
    editor.unmount();

    const admin = renderDialog({
      onInsert: vi.fn(),
      debug: true,
      context: { selection: ARTICLE, recordTable: 'pages', recordUid: 3 },
    });
    dialog = await openDialog(admin.user);
    expect(within(dialog).getByText(/^Tools: \d+ available, \d+ withheld$/)).toBeInTheDocument();
    await runInstruction(admin.user, 'Summarise this.');
    await settled();
    await admin.user.click(within(dialog).getByText(/^Steps \(\d+\)$/));
    expect(dialog.querySelector('[data-ask-ai-part="timeline"] ol')).toHaveTextContent(
      'Tool: Get page content — done (120 ms)',
    );
    await admin.user.click(within(dialog).getByText('Details'));
    expect(within(dialog).getByText(/^\d+ tokens/)).toBeVisible();
    expect(within(dialog).getByText('Run ID')).toBeVisible();
  });
});

describe('tools in the debug view: available and withheld, with reasons', () => {
  it('lists what the AI may use and what it may not, with localised reasons', async () => {
    const { user } = renderDialog({ debug: true });
    const dialog = await openDialog(user);
    const summary = within(dialog).getByText(/^Tools: \d+ available, \d+ withheld$/);
    await user.click(summary);
    const available = within(dialog).getByRole('list', { name: 'Available to the AI' });
    expect(within(available).getByText('Get page content')).toBeInTheDocument();
    const withheld = within(dialog).getByRole('list', { name: 'Withheld' });
    const reason = (label: string) => within(withheld).getByText(label).closest('li')?.textContent;
    expect(reason('Update page metadata')).toContain('(changes content)');
    expect(reason('Publish a preview link')).toContain('(needs approval)');
    expect(reason('Read a web page')).toContain('(needs approval)');
    expect(reason('Ask for the tone')).toContain('(asks for input)');
  });

  it('says why an operator-bound MCP tool is withheld for an administrator', async () => {
    backend.setState({ user: 'admin', configuration: 'local' });
    const { user } = renderDialog({ debug: true });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByText(/^Tools:/));
    expect(within(dialog).getByText('Look up a customer').closest('li')).toHaveTextContent(
      '(the operator requires approval for this server)',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'Available to the AI' })).getByText('Search the product docs'),
    ).toBeInTheDocument();
  });

  it('shows "none" when nothing is withheld, and the reasons of unreadable, unknown and disputed tools', async () => {
    server.use(
      http.get('*/api/ask-ai/tools', () =>
        HttpResponse.json({ success: true, tools: [{ name: 'get_page_content', traits }] }),
      ),
    );
    const first = renderDialog({ debug: true });
    const dialog = await openDialog(first.user);
    await first.user.click(within(dialog).getByText(/^Tools:/));
    expect(within(dialog).getByText('Withheld').nextSibling).toHaveTextContent('none');
    first.unmount();

    server.use(
      http.get('*/api/ask-ai/tools', () =>
        HttpResponse.json({
          success: true,
          tools: [
            { name: 'broken', traits: { ...traits, effect: 'sideways' } },
            { name: 'ok', traits },
            { name: 'disputed', traits },
            { traits },
          ],
          unattended: ['ok'],
          // What the server keeps from editors' text before any rule: each with its reason.
          withheld: [
            { name: 'get_env', label: 'Read the environment', reason: 'notForEditors' },
            { name: 'list_be_users', reason: 'dataClass' },
            { name: 'search_news', reason: 'notAllowed' },
            { name: 'odd', reason: 'because' },
          ],
        }),
      ),
    );
    const second = renderDialog({ debug: true });
    const dialog2 = await openDialog(second.user);
    await second.user.click(within(dialog2).getByText(/^Tools:/));
    const withheld = within(dialog2).getByRole('list', { name: 'Withheld' });
    expect(within(withheld).getByText('broken').closest('li')).toHaveTextContent('(unreadable description)');
    expect(within(withheld).getByText('disputed').closest('li')).toHaveTextContent('(the server disagrees)');
    expect(within(withheld).getByText('A tool without a readable name').closest('li')).toHaveTextContent(
      '(unreadable description)',
    );
    expect(within(withheld).getByText('Read the environment').closest('li')).toHaveTextContent(
      '(reads what no editor’s text may carry)',
    );
    expect(within(withheld).getByText('list_be_users').closest('li')).toHaveTextContent(
      '(returns more sensitive data than editors’ content)',
    );
    expect(within(withheld).getByText('search_news').closest('li')).toHaveTextContent(
      '(not on the site’s list for editors)',
    );
    // An entry whose reason the contract does not know is left out, never shown with a made-up one.
    expect(within(withheld).queryByText('odd')).not.toBeInTheDocument();
  });

  it('says the list could not be loaded, and loads it again on request', async () => {
    backend.setState({ fault: 'tools:server-error' });
    const { user } = renderDialog({ debug: true });
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = screen.getByRole('dialog');
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('The allowed tools could not be loaded, so tasks run without tools for now.');
    expect(notice).toHaveTextContent('The AI service failed.');
    // Tasks still run (without tools).
    expect(task(dialog, 'Shorten')).not.toHaveAttribute('aria-disabled');
    backend.setState({ fault: null });
    await user.click(within(dialog).getByRole('button', { name: 'Load the tools again' }));
    expect(await within(dialog).findByText(/^Tools: \d+ available/)).toBeInTheDocument();
  });

  it('keeps a tool list that could not be loaded from an editor: the tasks run without tools', async () => {
    backend.setState({ fault: 'tools:server-error' });
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(sent.runs[0]?.tools).toEqual([]);
    expect(dialog).toHaveAttribute('data-state', 'done');
  });
});

describe('permission and session', () => {
  it('a run whose session expired links to the host’s login page; Try again runs the same task', async () => {
    backend.setState({ fault: 'session-expired' });
    const { user } = renderDialog({ loginUrl: '/typo3/login' });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const outcome = dialog.querySelector<HTMLElement>('[data-ask-ai-part="outcome"]')!;
    expect(outcome).toHaveTextContent('Your session has expired. Log in again (a new tab opens), then try again.');
    expect(within(outcome).getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/typo3/login');
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue('Summarise this.');
    backend.setState({ fault: null });
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await settled();
    expect(sent.runs.map((r) => r.prompt)).toEqual(['Summarise this.', 'Summarise this.']);
  });

  it('without permission: one alert, and every task disabled (none invites a run that must fail)', async () => {
    backend.setState({ fault: 'tools:forbidden' });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = screen.getByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(alert).toHaveTextContent(/^You do not have permission to use AI tasks\. Ask an administrator for access\.$/);
    expect(alert).not.toHaveTextContent(/without tools/);
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toBeDisabled();
    const tasks = within(dialog)
      .getAllByRole('option')
      .filter((o) => o.dataset.askAiPart === 'task');
    expect(tasks).toHaveLength(3);
    for (const option of tasks) expect(option).toHaveAttribute('aria-disabled', 'true');
    await user.click(tasks[0]!);
    expect(sent.runs).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('session expired: links to the host’s login page in a new tab; tasks stay; the list loads again', async () => {
    backend.setState({ fault: 'tools:session-expired' });
    const { user } = renderDialog({ loginUrl: '/typo3/login' });
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = screen.getByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your session has expired. Log in again (a new tab opens), then try again.');
    const link = within(alert).getByRole('link', { name: 'Log in again' });
    expect(link).toHaveAttribute('href', '/typo3/login');
    expect(link).toHaveAttribute('target', '_blank');
    expect(task(dialog, 'Shorten')).not.toHaveAttribute('aria-disabled');
    backend.setState({ fault: null });
    await user.click(within(alert).getByRole('button', { name: 'Load the tools again' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('one prompt, one list', () => {
  it('offers three tasks that fit what the editor works on, always the same, and "More tasks"', async () => {
    const selection = renderDialog();
    let dialog = await openDialog(selection.user);
    expect(taskNames(dialog)).toEqual(['Improve', 'Fix spelling', 'Shorten', 'More tasks']);
    await runTask(selection.user, dialog, 'Shorten');
    await settled();
    selection.unmount();
    // Positions are fixed: the task run last does not move.
    const again = renderDialog();
    dialog = await openDialog(again.user);
    expect(taskNames(dialog)).toEqual(['Improve', 'Fix spelling', 'Shorten', 'More tasks']);
    again.unmount();

    const text = renderDialog({ context: { document: ARTICLE } });
    dialog = await openDialog(text.user);
    expect(taskNames(dialog)).toEqual(['Continue writing', 'Summarise', 'Improve', 'More tasks']);
    expect(within(dialog).getByText('Uses the text in the field.')).toBeInTheDocument();
    text.unmount();

    const image = renderDialog({ subject: 'image', image: { fileReference: 3 }, onReplace: vi.fn() });
    dialog = await openDialog(image.user);
    expect(taskNames(dialog)).toEqual(['Alt text']);
    expect(within(dialog).getByText('Uses the selected image.')).toBeInTheDocument();
  });

  it('runs a task alone: its instruction, no tools, its name on the answer — never the model’s wording', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    await settled();
    expect(sent.runs[0]).toMatchObject({ prompt: 'Shorten this text and keep its meaning.', tools: [] });
    const provenance = dialog.querySelector('[data-ask-ai-part="provenance"]')!;
    expect(provenance).toHaveTextContent(/^Shorten$/);
    expect(dialog).not.toHaveTextContent('Shorten this text and keep its meaning.');
  });

  it('narrows the list as one types and picks nothing itself: ↓ then Enter runs a task', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const box = within(dialog).getByRole('textbox', { name: 'Instruction' });
    await user.type(box, 'form');
    expect(taskNames(dialog)).toEqual(['More formal']);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', task(dialog, 'More formal').id);
    expect(task(dialog, 'More formal')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await settled();
    // The typed letters were the filter: they are not sent, and leave the box.
    expect(sent.runs[0]?.prompt).toBe('Rewrite this text in a more formal tone.');
    expect(box).toHaveValue('');
  });

  it('never sends typed words with a task: a task clicked while text is in the box runs alone', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const box = within(dialog).getByRole('textbox', { name: 'Instruction' });
    await user.type(box, 'sh');
    await runTask(user, dialog, 'Shorten');
    await settled();
    expect(sent.runs[0]?.prompt).toBe('Shorten this text and keep its meaning.');
    expect(JSON.stringify(sent.runs[0])).not.toMatch(/"sh"|direction/);
  });

  it('says when nothing matches, and Enter then sends the words as the instruction', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'zzz');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(within(dialog).getByText('No task matches: Enter sends your words as the instruction.')).toBeVisible();
    await user.keyboard('{Enter}');
    await settled();
    expect(sent.runs[0]?.prompt).toBe('zzz');
  });

  it('"More tasks": every task in its group, tones and translation folded; Esc folds back, not closing', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'More tasks');
    const groups = within(within(dialog).getByRole('listbox', { name: 'Tasks' })).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Edit', 'Write']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Improve', 'Fix spelling', 'Shorten', 'Make longer', 'Simplify', 'Change tone›', 'Translate›']);
    expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Summarise', 'Key points', 'Keywords', 'Continue writing']);
    // Alt text needs an image.
    expect(within(dialog).queryByRole('option', { name: 'Alt text' })).not.toBeInTheDocument();
    await runTask(user, dialog, 'Change tone');
    expect(taskNames(dialog)).toContain('More casual');
    await user.click(within(dialog).getByRole('textbox', { name: 'Instruction' }));
    await user.keyboard('{Escape}');
    expect(taskNames(dialog)).toEqual(['Improve', 'Fix spelling', 'Shorten', 'More tasks']);
    expect(dialog).toHaveAttribute('open');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('translates into the site’s languages, never into the content’s own', async () => {
    const { user } = renderDialog({
      languages: ['en', 'de', 'pt-BR'],
      context: { selection: ARTICLE, contentLanguage: 'en' },
    });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'More tasks');
    await runTask(user, dialog, 'Translate');
    const targets = taskNames(dialog).filter((name) => name?.startsWith('Translate into'));
    expect(targets).toEqual(['Translate into German', 'Translate into Brazilian Portuguese']);
    await runTask(user, dialog, 'Translate into German');
    await settled();
    expect(sent.runs[0]?.prompt).toBe('Translate this text into German.');
    expect(dialog.querySelector('[data-ask-ai-part="provenance"]')).toHaveTextContent(/^Translate into German$/);
  });

  it('names the translation targets in German for a German editor, and asks the model in German', async () => {
    const { user } = renderDialog({ locale: 'de', context: { selection: ARTICLE, contentLanguage: 'de' } });
    const dialog = await openDialog(user, 'KI fragen');
    await user.type(within(dialog).getByRole('textbox', { name: 'Anweisung' }), 'Engl');
    expect(taskNames(dialog)).toEqual(['Auf Englisch übersetzen']);
    await user.keyboard('{ArrowDown}{Enter}');
    await settled();
    expect(sent.runs[0]?.prompt).toBe('Übersetze diesen Text ins Englische.');
  });

  it('disables the rewriting tasks while there is no text, and says what they need', async () => {
    const { user } = renderDialog({ context: {} });
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('The field is empty: the AI writes from your instruction.')).toBeInTheDocument();
    expect(task(dialog, 'Continue writing')).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByText('Select text or write in the field to edit it.')).toBeInTheDocument();
    await user.click(task(dialog, 'Improve'));
    expect(sent.runs).toEqual([]);
    await runInstruction(user, 'Write a short welcome text for the reading garden.');
    await settled();
    expect(sent.runs).toHaveLength(1);
  });

  it('disables a task whose required tool is withheld or not offered, and says why', async () => {
    const { user } = renderDialog({
      presets: [
        {
          id: 'meta',
          label: 'Fill the page title',
          prompt: 'Set the page title.',
          requiredTools: ['update_page_metadata'],
        },
        {
          id: 'crm',
          label: 'Customer note',
          prompt: 'Look up the customer.',
          requiredTools: ['mcp_crm_lookup_customer'],
        },
        { id: 'page', label: 'Summarise the page', prompt: 'Summarise the page.', requiredTools: ['get_page_content'] },
      ],
    });
    const dialog = await openDialog(user);
    const meta = task(dialog, 'Fill the page title');
    expect(meta).toHaveAttribute('aria-disabled', 'true');
    // The tool by the label the backend gives it.
    expect(meta).toHaveAccessibleDescription('Not available here: it needs Update page metadata.');
    expect(task(dialog, 'Customer note')).toHaveAttribute('aria-disabled', 'true');
    const page = task(dialog, 'Summarise the page');
    expect(page).not.toHaveAttribute('aria-disabled');
    // A task that names the tools it needs is offered them.
    await user.click(page);
    await settled();
    expect(sent.runs[0]?.tools).toContain('get_page_content');
  });

  it('after an answer the same box refines it, and the list is gone', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    await settled();
    const box = within(dialog).getByRole('textbox', { name: 'Instruction' });
    expect(box).toHaveAttribute('placeholder', 'Tell the AI what to change…');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    const first = answerText(dialog);
    await user.type(box, 'Make it friendlier.{Enter}');
    await settled();
    expect(sent.runs[1]).toMatchObject({
      prompt: 'Make it friendlier.',
      tools: [],
      context: { previousAnswer: first, previousInstruction: 'Shorten this text and keep its meaning.' },
    });
    expect(dialog.querySelector('[data-ask-ai-part="provenance"]')).toHaveTextContent('“Make it friendlier.”');
  });
});

describe('follow-ups', () => {
  const chips = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('group', { name: /^(Refine the answer|Die Antwort verfeinern)$/ }))
      .getAllByRole('button')
      .map((button) => button.textContent);

  it('offers at most four refinements that fit the task, each refining the answer in view in place', async () => {
    const { user } = renderDialog({
      onInsert: vi.fn(),
      onReplace: vi.fn(),
      languages: ['en', 'de'],
      context: { selection: ARTICLE, contentLanguage: 'en' },
    });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    await settled();
    // After Shorten: not "Longer" (it undoes the task); the site's other language.
    expect(chips(dialog)).toEqual(['Shorter', 'Simpler', 'More formal', 'In German']);
    const shortened = answerText(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'In German' }));
    await settled();
    expect(sent.runs[1]).toMatchObject({
      prompt: 'Translate it into German.',
      tools: [],
      context: { previousAnswer: shortened, previousInstruction: 'Shorten this text and keep its meaning.' },
    });
    // In place: the refined answer is the one in view, named by the follow-up, in the pager after the first.
    expect(dialog.querySelector('[data-ask-ai-part="provenance"]')).toHaveTextContent(/^In German$/);
    expect(within(dialog).getByText('2 of 2')).toBeInTheDocument();
    // Still an edit of the selection: Replace selection stays primary.
    expect(dialog.querySelector('.ask-ai-footer .ask-ai-primary')).toHaveTextContent('Replace selection');
  });

  it('are reached by the keyboard and speak German; no language to translate into, no "Auf …"', async () => {
    const { user } = renderDialog({ locale: 'de', context: { selection: ARTICLE, contentLanguage: 'de' } });
    const dialog = await openDialog(user, 'KI fragen');
    await user.type(within(dialog).getByRole('textbox', { name: 'Anweisung' }), 'Zusammen');
    await user.keyboard('{ArrowDown}{Enter}');
    await settled();
    expect(chips(dialog)).toEqual(['Kürzer', 'Länger', 'Einfacher']);
    const shorter = within(dialog).getByRole('button', { name: 'Kürzer' });
    shorter.focus();
    await user.keyboard('{Enter}');
    await settled();
    expect(sent.runs[1]?.prompt).toBe('Mach es kürzer.');
  });
});

describe('follow-ups while their refinement runs', () => {
  it('are gone while the refinement runs, and offered again under its answer', async () => {
    const { user } = renderDialog({ languages: ['en', 'de'], context: { selection: ARTICLE, contentLanguage: 'en' } });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    await settled();
    const group = () => within(dialog).queryByRole('group', { name: 'Refine the answer' });
    expect(group()).not.toBeNull();
    holdStreams(true);
    await user.click(within(dialog).getByRole('button', { name: 'Simpler' }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'running'));
    expect(group()).toBeNull();
    holdStreams(false);
    await settled();
    expect(group()).not.toBeNull();
  });
});

describe('while a task runs or the backend asks to wait', () => {
  it('the words sent leave the box: no list narrowed by them, no "No task matches"', async () => {
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Write a teaser for this');
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'running'));
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue('');
    expect(dialog.querySelector('[data-ask-ai-part="no-match"]')).toBeNull();
    // They head the answer in the meantime.
    expect(dialog.querySelector('[data-ask-ai-part="provenance"]')).toHaveTextContent('Write a teaser for this');
    holdStreams(false);
    await settled();
  });

  it('the dialog holds its height only while the task runs: not while it is idle, nor after the answer', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    expect(dialog).not.toHaveAttribute('data-steady');
    holdStreams(true);
    await runInstruction(user, 'Write a teaser for this');
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'running'));
    expect(dialog).toHaveAttribute('data-steady');
    holdStreams(false);
    await settled();
    expect(dialog).not.toHaveAttribute('data-steady');
  });

  it('after a 429 "More tasks" is disabled with the tasks, and opens nothing', async () => {
    backend.setState({ fault: 'rate-limited' });
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    await waitFor(() => expect(dialog.querySelector('[data-ask-ai-part="countdown"]')).not.toBeNull());
    const more = within(dialog).getByRole('option', { name: 'More tasks' });
    expect(more).toHaveAttribute('aria-disabled', 'true');
    expect(task(dialog, 'Improve')).toHaveAttribute('aria-disabled', 'true');
    await user.click(more);
    expect(taskNames(dialog)).toEqual(['Improve', 'Fix spelling', 'Shorten', 'More tasks']);
  });
});

describe('a run', () => {
  it('posts exactly the unattended names, the instruction and the context', async () => {
    const { user } = renderDialog({
      debug: true,
      configuration: 'default',
      context: { selection: ARTICLE, recordTable: 'tt_content', recordUid: 7 },
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByText(/^Tools:/));
    const available = within(within(dialog).getByRole('list', { name: 'Available to the AI' }))
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('data-tool'));
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(sent.runs[0]).toMatchObject({
      configuration: 'default',
      prompt: 'Summarise this.',
      context: { selection: ARTICLE, recordTable: 'tt_content', recordUid: 7 },
      stream: true,
    });
    // The list shows the tools grouped and sorted for reading; the run offers them in the backend's order.
    expect([...(sent.runs[0]?.tools as string[])].sort()).toEqual([...available].sort());
    expect(sent.runs[0]?.tools).not.toContain('update_page_metadata');
  });

  it('sends an explicit empty list when no tool is unattended', async () => {
    server.use(
      http.get('*/api/ask-ai/tools', () =>
        HttpResponse.json({ success: true, tools: [{ name: 'w', traits: { ...traits, effect: 'idempotent_write' } }] }),
      ),
    );
    const { user } = renderDialog();
    await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(sent.runs[0]?.tools).toEqual([]);
  });

  it('says quietly what it waits for, streams the answer, and gives the focus to its use', async () => {
    holdStreams(true);
    // The server takes the task only when the test lets it: "Waiting for the server…" is held, not passed.
    let takeTask!: () => void;
    const taken = new Promise<void>((resolve) => (takeTask = resolve));
    server.use(
      http.post('*/api/ask-ai/run', async () => {
        await taken;
        return undefined;
      }),
    );
    const onReplace = vi.fn();
    const { user } = renderDialog({
      onInsert: vi.fn(),
      onReplace,
      context: { selection: ARTICLE, recordTable: 'pages', recordUid: 3 },
    });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    expect(await within(dialog).findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('The AI is working on the task.');
    const progress = () => dialog.querySelector('[data-ask-ai-part="progress"]');
    // Until the server has the task, it is the server that is waited for, not the AI (the progress line
    // comes with the lazily loaded contents: waited for, not assumed).
    await waitFor(() => expect(progress()).toHaveTextContent('Waiting for the server…'));
    takeTask();
    await waitFor(() => expect(progress()).toHaveTextContent(/Thinking…|Working with the site’s tools…/));
    await act(async () => releaseStream());
    for (let i = 0; i < 6; i++) await act(async () => releaseStream());
    holdStreams(false);
    await settled();
    const answer = within(dialog).getByRole('region', { name: 'Answer' });
    expect(answer).toHaveAttribute('aria-busy', 'false');
    expect(answerText(dialog)).toMatch(/cycle lanes/);
    expect(progress()).toBeNull();
    expect(within(dialog).getByRole('status')).toHaveTextContent('The answer is ready.');
    // No "Done." of its own, no outcome callout: the answer says it.
    expect(dialog).not.toHaveTextContent('Done.');
    expect(dialog.querySelector('[data-ask-ai-part="outcome"]')).toBeNull();
    // With a selection the answer's use is Replace, and the focus is on it: Enter takes the answer.
    const replace = within(dialog).getByRole('button', { name: 'Replace selection' });
    expect(replace).toHaveClass('ask-ai-primary');
    await waitFor(() => expect(replace).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onReplace).toHaveBeenCalledTimes(1));
  });

  /** The run answers `started` and a model round that asked for `calls`, and then holds until stopped. */
  function toolRoundHeld(calls: unknown[]) {
    server.use(
      http.post('*/api/ask-ai/run', ({ request }) => {
        const lines = [
          { event: 'started', runUuid: '7f1c0a52-6a7e-4a43-9a3e-0c6d1b2f9e10' },
          { event: 'step', step: { kind: 'llm', round: 1, durationMs: 600, requestedToolCalls: calls } },
        ];
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const line of lines) controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
            request.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'application/x-ndjson' } });
      }),
    );
  }
  const progress = (dialog: HTMLElement) => dialog.querySelector('[data-ask-ai-part="progress"]');

  it('says which of the site’s tools is at work, in the backend’s words for it, else by its name', async () => {
    // The model's round asked for a tool, and the tool's own step has not come yet.
    toolRoundHeld([{ name: 'get_page_content', arguments: { uid: 4 }, activity: 'Reading the page “Harbour”…' }]);
    const first = renderDialog();
    let dialog = await openDialog(first.user);
    await runInstruction(first.user, 'Summarise this.');
    await waitFor(() => expect(progress(dialog)).toHaveTextContent('Reading the page “Harbour”…'));
    // No ids, no arguments, no JSON: the words and nothing else.
    expect(progress(dialog)).not.toHaveTextContent(/uid|\{|get_page_content/);
    await first.user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    first.unmount();

    toolRoundHeld([{ name: 'get_page_content' }]);
    const second = renderDialog();
    dialog = await openDialog(second.user);
    await runInstruction(second.user, 'Summarise this.');
    await waitFor(() => expect(progress(dialog)).toHaveTextContent('Using “Get page content”…'));
    await second.user.click(within(dialog).getByRole('button', { name: 'Stop' }));
  });

  it('counts the seconds until the first words, and says it still waits after 15 s', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    try {
      toolRoundHeld([]);
      const { user } = renderDialog();
      const dialog = await openDialog(user);
      await runInstruction(user, 'Summarise this.');
      await waitFor(() => expect(progress(dialog)).toHaveTextContent('Thinking…'));
      await act(async () => void vi.advanceTimersByTime(4_000));
      expect(within(progress(dialog) as HTMLElement).getByText(/^[4-5] s$/)).toHaveAttribute(
        'data-ask-ai-part',
        'elapsed',
      );
      await act(async () => void vi.advanceTimersByTime(12_000));
      await waitFor(() => expect(progress(dialog)).toHaveTextContent('Still waiting for the AI service…'));
      expect(within(progress(dialog) as HTMLElement).getByText(/^1[6-7] s$/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts one run for a double click on Send', async () => {
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await user.type(screen.getByRole('textbox', { name: 'Instruction' }), 'Summarise this.');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send' }));
    holdStreams(false);
    await settled();
    expect(sent.runs).toHaveLength(1);
  });

  it('stops a running task when closed with ×, as Esc does; reopened, it says so and keeps what arrived', async () => {
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    for (let i = 0; i < 6; i++) await act(async () => releaseStream());
    await within(dialog).findByRole('button', { name: 'Stop' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The server is asked to cancel: no task goes on unseen.
    await waitFor(() => expect(sent.cancels).toHaveLength(1));
    holdStreams(false);
    const reopened = await openDialog(user);
    expect(reopened.getAttribute('data-state')).toBe('stopped');
    // It opens clean: an empty prompt, no answer in view, the stopped one's answer one click away.
    expect(screen.getByRole('textbox', { name: 'Instruction' })).toHaveValue('');
    expect(within(reopened).queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
    // It says why the task stopped: the editor closed the dialog.
    expect(within(reopened).getByText('The dialog was closed, so the task was stopped.')).toBeInTheDocument();
    await user.click(within(reopened).getByRole('button', { name: 'Show earlier answers (1)' }));
    expect(within(reopened).getByRole('region', { name: 'Answer' })).toHaveTextContent('Incomplete');
  });

  it('says it is thinking while no delta arrives (nr-llm protocol), then shows the answer', async () => {
    backend.setState({ protocol: 'nr-llm' });
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await act(async () => releaseStream());
    await act(async () => releaseStream());
    expect(await within(dialog).findByText('Thinking…')).toBeInTheDocument();
    expect(dialog.querySelector('[data-ask-ai-part="answer-text"]')).toBeNull();
    holdStreams(false);
    await settled();
    expect(answerText(dialog)).toMatch(/cycle lanes/);
  });

  it('marks the streaming answer aria-busy', async () => {
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    // Two steps, then the first answer pieces; the rest of the answer stays held back.
    for (let i = 0; i < 4; i++) await act(async () => releaseStream());
    const answer = await within(dialog).findByRole('region', { name: 'Answer' });
    expect(answer).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(answerText(dialog)).not.toBe(''));
    expect(dialog).toHaveAttribute('data-state', 'running');
  });

  it('waits visibly for a tool list that is still loading, then runs with it', async () => {
    holdStreams(true);
    backend.setState({ fault: 'tools:latency' });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask AI' });
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'preparing'));
    // The indicator shows from the moment the task is asked for; Stop can end the wait.
    expect(dialog.querySelector('[data-ask-ai-part="progress"]')).toHaveTextContent('Waiting for the server…');
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(sent.runs).toEqual([]);
    holdStreams(false);
    await settled();
    expect(sent.runs[0]?.tools).toContain('get_page_content');
  });

  it('asks for an instruction instead of running an empty one; typing takes the note away', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    expect(within(dialog).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), '{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type an instruction or pick a task first.');
    expect(sent.runs).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'S');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('keys', () => {
  it('runs on Enter and makes a new line on Shift+Enter', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const box = within(dialog).getByRole('textbox', { name: 'Instruction' });
    await user.type(box, 'Summarise{Shift>}{Enter}{/Shift}in two sentences');
    expect(box).toHaveValue('Summarise\nin two sentences');
    expect(sent.runs).toEqual([]);
    await user.type(box, '{Enter}');
    await settled();
    expect(sent.runs[0]?.prompt).toBe('Summarise\nin two sentences');
  });

  it('stops a running task on Esc first, and closes only on the next Esc', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'stalled-stream' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Answer' })).toBeInTheDocument());
    await user.keyboard('{Escape}');
    expect(dialog).toHaveAttribute('data-state', 'stopped');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('every end has a message and a next step', () => {
  /** The fault, the one sentence the editor reads, the details (or null), and whether "Try again" is offered. */
  const cases: Array<[string, RegExp, string | null, 'enabled' | 'disabled' | 'absent']> = [
    ['budget-exhausted', /^The AI ran out of budget before it answered\./, null, 'enabled'],
    [
      'guardrail',
      /^A safety rule of the AI service blocked this task\./,
      'The server said: “The guardrail blocked',
      'absent',
    ],
    [
      'forbidden',
      /^You are not allowed to use this AI task\./,
      'The server said: “You are not allowed to use AI tasks.”',
      'absent',
    ],
    ['unauthorized', /^Your session has expired\. Log in again/, null, 'enabled'],
    ['session-expired', /^Your session has expired\./, null, 'enabled'],
    ['rate-limited', /^Too many requests right now\./, null, 'disabled'],
    [
      'truncated-stream',
      /^The connection broke off before the answer was complete\. Try again\.What arrived so far is kept\.$/,
      null,
      'enabled',
    ],
    [
      'not-found',
      /^The AI service is not set up here\./,
      'The server said: “The configuration does not exist.”',
      'absent',
    ],
    [
      'server-error',
      /^The AI service failed\. Try again in a moment\.$/,
      'The server said: “RuntimeException: The provider did not answer.”',
      'enabled',
    ],
    ['server-error-html', /^The AI service failed\. Try again in a moment\.$/, null, 'enabled'],
    [
      'malformed-json',
      /^The server sent an answer this dialog cannot read\./,
      'The server said: “The answer is not JSON.”',
      'enabled',
    ],
    [
      'lease-lost',
      /^The AI service could not complete the task\./,
      'The server said: “The run lost its lease',
      'enabled',
    ],
    ['cancelled', /^The server cancelled the task\./, 'The server said: “The run was cancelled.”', 'enabled'],
  ];

  it.each(cases)('%s', async (fault, sentence, details, retry) => {
    // Forbidden on the tool list disables every task (its own test): here only the run is refused.
    if (fault === 'forbidden') backend.setState({ fault });
    const { user } = renderDialog(fault === 'forbidden' ? {} : { headers: { 'X-Ask-Ai-Fault': fault } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    // (A fault sent as a header fails the tool list too: that has an alert of its own at the top.)
    const alert = dialog.querySelector<HTMLElement>('[data-ask-ai-part="outcome"]')!;
    expect(alert).toHaveAttribute('role', 'alert');
    const main = [...alert.querySelectorAll(':scope > p')].map((p) => p.textContent).join('');
    expect(main).toMatch(sentence);
    // The server's own words, and any exception class, only in the collapsed details.
    expect(main).not.toMatch(/Exception|The server said/);
    const detailsPart = alert.querySelector('details');
    if (details === null) expect(detailsPart).toBeNull();
    else {
      expect(detailsPart).not.toHaveAttribute('open');
      expect(within(detailsPart as HTMLElement).getByText('Details')).toBeInTheDocument();
      expect(detailsPart).toHaveTextContent(details);
    }
    const tryAgain = within(dialog).queryByRole('button', { name: 'Try again' });
    if (retry === 'absent') expect(tryAgain).not.toBeInTheDocument();
    else if (retry === 'disabled') expect(tryAgain).toBeDisabled();
    else expect(tryAgain).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue('Summarise this.');
  });

  it('has one primary action after a failure: Try again', async () => {
    backend.setState({ fault: 'server-error' });
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    expect(dialog.querySelectorAll('.ask-ai-primary')).toHaveLength(0);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const primaries = [...dialog.querySelectorAll('.ask-ai-primary')].map((button) => button.textContent);
    expect(primaries).toEqual(['Try again']);
  });

  it('bad request: shows the backend’s message', async () => {
    server.use(
      http.post('*/api/ask-ai/run', () =>
        HttpResponse.json({ success: false, error: 'Invalid configuration or prompt' }, { status: 400 }),
      ),
    );
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The AI service did not accept the request. Ask an administrator to check the setup.' +
        'DetailsThe server said: “Invalid configuration or prompt”',
    );
  });

  it('network failure: says so and keeps the instruction', async () => {
    server.use(http.post('*/api/ask-ai/run', () => HttpResponse.error()));
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The server could not be reached.');
  });

  it('connection lost keeps the partial answer', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'truncated-stream' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).getByRole('region', { name: 'Answer' }).textContent).toMatch(/\w+/);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it.each([
    ['with a cancel endpoint', ENDPOINTS, 1],
    ['without a cancel endpoint', { tools: ENDPOINTS.tools, run: ENDPOINTS.run }, 0],
  ])('Stop says "Stopped." once, %s, and keeps what arrived, marked Incomplete', async (_how, endpoints, cancels) => {
    const { user } = renderDialog({ endpoints, headers: { 'X-Ask-Ai-Fault': 'stalled-stream' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(answerText(dialog)).not.toBe(''));
    const partial = answerText(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    const outcome = dialog.querySelector('[data-ask-ai-part="outcome"]')!;
    expect(outcome.textContent).toBe('Stopped.');
    expect(dialog).not.toHaveTextContent(/server (confirmed|may still)|cancel/i);
    expect(answerText(dialog)).toBe(partial);
    expect(within(dialog).getByRole('region', { name: 'Answer' })).toHaveTextContent('Incomplete');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Stopped.');
    await waitFor(() => expect(sent.cancels).toHaveLength(cancels));
    // Stopping starts no new run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.runs).toHaveLength(1);
    expect(dialog).toHaveAttribute('data-state', 'stopped');
  });

  it('suspended with a run id: names the tool and the inbox; Try again fetches the tools anew first', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const fetchesBefore = sent.tools.length;
    backend.setState({ fault: 'suspend-approval' });
    await runInstruction(user, 'Summarise this.');
    await settled();
    backend.setState({ fault: null });
    expect(dialog).toHaveAttribute('data-state', 'suspended');
    const alert = within(dialog).getByRole('alert');
    // The tool by its label; the run id in the details.
    expect(alert.querySelector(':scope > p')).toHaveTextContent(
      'The task stopped: Update page metadata needs someone’s approval, which this dialog cannot give.',
    );
    expect(alert.querySelector('details')).toHaveTextContent(
      /The run waits under the id [0-9a-f-]{36} in AI Tasks › Agent Runs\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await settled();
    expect(sent.tools.length).toBe(fetchesBefore + 1);
    expect(sent.runs).toHaveLength(2);
    expect(dialog).toHaveAttribute('data-state', 'done');
  });

  it('suspended without a run id: does not point to the inbox', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'suspend-approval-no-uuid' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('The task stopped: Update page metadata needs someone’s approval');
    expect(alert).not.toHaveTextContent('under the id');
  });

  it('suspended for input: names the tool', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'suspend-input' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The task stopped: Ask for the tone asks for input, which this dialog cannot give.',
    );
  });
});

describe('nothing is lost', () => {
  it('keeps the failed task and its partial answer through a close and a reopen that opens clean', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'truncated-stream' } });
    let dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this please.');
    await settled();
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue('Summarise this please.');
    const partial = answerText(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openDialog(user);
    // Clean: no words of before in the prompt, no answer in view — but the failure and Try again stay,
    // and the partial answer is one click away.
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue('');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The connection broke off');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Show earlier answers (1)' }));
    expect(answerText(dialog)).toBe(partial);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await settled();
    expect(sent.runs.map((r) => r.prompt)).toEqual(['Summarise this please.', 'Summarise this please.']);
  });

  it('opens clean after an answer: nothing armed for an answer out of view', async () => {
    const onReplace = vi.fn();
    const { user } = renderDialog({ onReplace, onInsert: vi.fn() });
    let dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openDialog(user);
    expect(within(dialog).queryByRole('button', { name: /Replace selection|Insert/ })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/Done|Shorten this text/);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onReplace).not.toHaveBeenCalled();
    expect(taskNames(dialog)).toEqual(['Improve', 'Fix spelling', 'Shorten', 'More tasks']);
  });

  it('shows a note when the context was cut to the size limit', async () => {
    const { user } = renderDialog({
      context: { selection: 'x'.repeat(50), document: 'y'.repeat(10) },
      contextLimit: 20,
    });
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('The selected text was cut to 20 characters.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/The text was cut/)).not.toBeInTheDocument();
    await runInstruction(user, 'Summarise');
    await settled();
    expect(sent.runs[0]?.context).toEqual({ selection: 'x'.repeat(20), document: 'y'.repeat(10) });
  });
});

describe('handing the answer back', () => {
  it('Insert hands over the markdown, the plain text and the provenance, closes, refocuses and announces', async () => {
    const onInsert = vi.fn();
    const { user } = renderDialog({
      onInsert,
      onReplace: vi.fn(),
      context: { selection: 'Make this better', recordTable: 'pages', recordUid: 5 },
    });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Write keywords for the page');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledTimes(1));
    const [answer, meta] = onInsert.mock.calls[0] as [{ markdown: string; text: string }, Record<string, unknown>];
    expect(answer.markdown).toMatch(/^- /m);
    expect(answer.text).not.toMatch(/^- /m);
    expect(meta).toMatchObject({
      instruction: 'Write keywords for the page',
      runUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      toolsUsed: ['get_page_content'],
      offeredTools: sent.runs[0]?.tools,
      usage: { totalTokens: expect.any(Number) },
      partial: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const trigger = screen.getByRole('button', { name: 'Ask AI' });
    expect(trigger).toHaveFocus();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Inserted');
  });

  it('applies an answer once: after Insert neither Insert nor Replace selection can apply it again', async () => {
    const onInsert = vi.fn();
    const onReplace = vi.fn();
    const { user } = renderDialog({ onInsert, onReplace, closeOnApply: false });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const insert = within(dialog).getByRole('button', { name: 'Insert below' });
    await user.dblClick(insert);
    await waitFor(() => expect(insert).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Replace selection' })).toBeDisabled();
    expect(onInsert).toHaveBeenCalledTimes(1);
    expect(onReplace).not.toHaveBeenCalled();
    // A new answer can be applied again.
    await runInstruction(user, 'Shorten this.');
    await settled();
    expect(within(dialog).getByRole('button', { name: 'Insert below' })).toBeEnabled();
  });

  it('hands an answer over once when two clicks land before the first has finished', async () => {
    const onInsert = vi.fn();
    const { user } = renderDialog({ onInsert, closeOnApply: false });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const insert = within(dialog).getByRole('button', { name: 'Insert below' });
    // Both in one task: the first is still reading the answer when the second arrives.
    fireEvent.click(insert);
    fireEvent.click(insert);
    await waitFor(() => expect(insert).toBeDisabled());
    expect(onInsert).toHaveBeenCalledTimes(1);
  });

  it('Replace selection hands over the same answer and provenance, and announces', async () => {
    const onReplace = vi.fn();
    const { user } = renderDialog({ onReplace, context: { selection: 'Make this better' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Improve this.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Replace selection' }));
    await waitFor(() => expect(onReplace).toHaveBeenCalledTimes(1));
    expect((onReplace.mock.calls[0] as [{ text: string }, { instruction: string }])[1].instruction).toBe(
      'Improve this.',
    );
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Replaced'));
  });

  it('keeps the answer and says why when the host refuses Replace; a later Insert still goes through', async () => {
    const onReplace = vi.fn(() => ({ refused: 'selectionChanged' as const }));
    const onInsert = vi.fn();
    const { user } = renderDialog({ onReplace, onInsert, context: { selection: 'Make this better' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Improve this.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Replace selection' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The selected text has changed since this opened. Select it again, or use Insert.',
    );
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).not.toContain('Replaced');
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledTimes(1));
    expect(onReplace).toHaveBeenCalledTimes(1);
  });

  it('takes a throwing handler as a refusal: the answer stays, with a sentence, and nothing escapes', async () => {
    const onInsert = vi.fn(() => {
      throw new Error('editor gone');
    });
    const { user } = renderDialog({ onInsert, messages: { applyRefused: 'Could not insert here.' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not insert here.');
    expect(within(dialog).getByRole('button', { name: 'Insert below' })).toBeEnabled();
  });

  it('shows the host’s own words for a refusal that brings them', async () => {
    const onInsert = vi.fn(() => ({ refused: 'other' as const, message: 'This field takes plain text only.' }));
    const { user } = renderDialog({ onInsert });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This field takes plain text only.');
  });

  it('copies the plain text and calls onCopy', async () => {
    const onCopy = vi.fn();
    const { user } = renderDialog({ onCopy });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(onCopy).toHaveBeenCalledTimes(1);
    expect(await navigator.clipboard.readText()).toBe((onCopy.mock.calls[0] as [{ text: string }])[0].text);
    expect(within(dialog).getByText('Copied')).toBeInTheDocument();
  });

  it('says "Copied" for a few seconds beside Copy', async () => {
    const { user } = renderDialog({});
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const card = dialog.querySelector<HTMLElement>('[data-ask-ai-part="answer-card"]')!;
    expect(card).toContainElement(within(dialog).getByRole('region', { name: 'Answer' }));
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await user.click(within(card).getByRole('button', { name: 'Copy' }));
      expect(await within(card).findByRole('status')).toHaveTextContent('Copied');
      act(() => vi.advanceTimersByTime(3900));
      expect(within(dialog).getByText('Copied')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(within(dialog).queryByText('Copied')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes Replace the primary for every answer where text is selected, Insert where none is', async () => {
    const handlers = { onInsert: vi.fn(), onReplace: vi.fn() };
    const selected = renderDialog(handlers);
    let dialog = await openDialog(selected.user);
    const primary = () => dialog.querySelector('[data-ask-ai-part="actions"] .ask-ai-primary');
    // A task, the editor's own words, a refinement: Replace each time.
    await runTask(selected.user, dialog, 'Improve');
    await settled();
    expect(primary()).toHaveTextContent('Replace selection');
    await selected.user.type(within(dialog).getByRole('textbox', { name: 'Instruction' }), 'Make it friendlier{Enter}');
    await settled();
    expect(primary()).toHaveTextContent('Replace selection');
    selected.unmount();
    const typed = renderDialog(handlers);
    dialog = await openDialog(typed.user);
    await runInstruction(typed.user, 'Write a teaser for this.');
    await settled();
    expect(primary()).toHaveTextContent('Replace selection');
    typed.unmount();
    const none = renderDialog({ ...handlers, context: { document: ARTICLE } });
    dialog = await openDialog(none.user);
    await runTask(none.user, dialog, 'Summarise');
    await settled();
    expect(primary()).toHaveTextContent('Insert');
    expect(within(dialog).queryByRole('button', { name: 'Replace selection' })).not.toBeInTheDocument();
  });

  it('accepts the answer with Ctrl+Enter from anywhere in the dialog', async () => {
    const onReplace = vi.fn();
    const { user } = renderDialog({ onReplace, onInsert: vi.fn() });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Shorten');
    await settled();
    await user.click(within(dialog).getByRole('textbox', { name: 'Instruction' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onReplace).toHaveBeenCalledTimes(1));
  });

  it('offers "Use as alt text" alone for an image, with the image sent', async () => {
    const onReplace = vi.fn();
    const { user } = renderDialog({ subject: 'image', image: { fileReference: 12 }, onReplace, onInsert: vi.fn() });
    const dialog = await openDialog(user);
    await runTask(user, dialog, 'Alt text');
    await settled();
    expect(sent.runs[0]).toMatchObject({ image: { fileReference: 12 }, tools: [] });
    expect(within(dialog).queryByRole('button', { name: 'Insert below' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use as alt text' }));
    await waitFor(() => expect(onReplace).toHaveBeenCalledTimes(1));
  });

  it('shows the image an alt text is for: a thumbnail and its file’s name, never an unsafe address', async () => {
    const preview = { src: '/fileadmin/_processed_/lighthouse_thumb.png', name: 'lighthouse.png' };
    const first = renderDialog({ subject: 'image', image: { fileReference: 12 }, imagePreview: preview });
    let dialog = await openDialog(first.user);
    const figure = dialog.querySelector('[data-ask-ai-part="image"]')!;
    expect(figure.querySelector('img')).toHaveAttribute('src', preview.src);
    expect(figure.querySelector('img')).toHaveAttribute('alt', '');
    expect(figure).toHaveTextContent('lighthouse.png');
    first.unmount();
    // An image of the page, by its address: that address and its file's name.
    const second = renderDialog({ subject: 'image', image: { src: '/fileadmin/garden%20gate.jpg?v=2' } });
    dialog = await openDialog(second.user);
    expect(dialog.querySelector('[data-ask-ai-part="image"]')).toHaveTextContent('garden gate.jpg');
    second.unmount();
    const unsafe = renderDialog({ subject: 'image', image: { src: 'javascript:alert(1)' } });
    dialog = await openDialog(unsafe.user);
    expect(dialog.querySelector('[data-ask-ai-part="image"]')).toBeNull();
  });

  it('offers no alt text where no model can see the image', async () => {
    const { user } = renderDialog({ subject: 'image', image: { fileReference: 12 }, altText: false });
    const dialog = await openDialog(user);
    expect(within(dialog).queryByRole('option', { name: 'Alt text' })).not.toBeInTheDocument();
  });

  it('offers Replace selection only with a selection and a handler', async () => {
    const { user } = renderDialog({ onReplace: vi.fn(), context: { document: ARTICLE } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(within(dialog).queryByRole('button', { name: 'Replace selection' })).not.toBeInTheDocument();
  });
});

describe('model output is text', () => {
  it('renders markdown as elements, raw HTML as text, and only http(s) and mailto links', async () => {
    const payload = [
      '**Bold** and [safe](https://example.com) and [mail](mailto:a@example.com) and [bad](javascript:alert(1)) and [data](data:text/html,x)',
      '',
      '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"><iframe src="https://evil.example"></iframe>',
      '',
      '![tracker](https://evil.example/pixel.png)',
    ].join('\n');
    server.use(
      http.post('*/api/ask-ai/run', () =>
        HttpResponse.json({
          success: true,
          finalContent: payload,
          iterations: 1,
          truncated: false,
          usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
        }),
      ),
    );
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Go');
    await settled();
    const answer = within(dialog).getByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Bold').tagName).toBe('STRONG');
    expect(within(answer).getByRole('link', { name: 'safe' })).toHaveAttribute('href', 'https://example.com');
    expect(within(answer).getByRole('link', { name: 'safe' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(answer).getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@example.com');
    expect(within(answer).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(within(answer).queryByRole('link', { name: 'data' })).not.toBeInTheDocument();
    expect(answer.querySelector('script, img, iframe, [onerror]')).toBeNull();
    expect(answer.textContent).toContain('<script>');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe('languages and direction', () => {
  it('speaks German when the host sets locale="de"', async () => {
    const { user } = renderDialog({ locale: 'de', headers: { 'X-Ask-Ai-Fault': 'suspend-approval' } });
    const dialog = await openDialog(user, 'KI fragen');
    expect(within(dialog).getByRole('textbox', { name: 'Anweisung' })).toBeInTheDocument();
    expect(taskNames(dialog)).toEqual(['Verbessern', 'Rechtschreibung', 'Kürzen', 'Weitere Aufgaben']);
    expect(within(dialog).getByText('Verwendet den markierten Text.')).toBeInTheDocument();
    await runInstruction(user, 'Fasse zusammen', 'Anweisung');
    await settled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Die Aufgabe wurde angehalten: Update page metadata braucht eine Freigabe',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Der Lauf wartet unter der Kennung [0-9a-f-]{36}/);
    expect(within(dialog).getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  it('lets the host replace any string, and sets the direction', async () => {
    const { user } = renderDialog({ messages: { trigger: 'Ask the assistant', close: 'Dismiss' }, dir: 'rtl' });
    const dialog = await openDialog(user, 'Ask AI', 'Ask the assistant');
    expect(dialog).toHaveAttribute('dir', 'rtl');
    expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask the assistant' })).toBeInTheDocument();
  });

  it('is English by default whatever the browser says', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    renderDialog();
    expect(screen.getByRole('button', { name: 'Ask AI' })).toBeInTheDocument();
  });
});

describe('styling contract', () => {
  it('exposes parts and data-state', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('data-ask-ai-part', 'dialog');
    expect(dialog).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('button', { name: 'Ask AI' })).toHaveAttribute('data-state', 'open');
    await runInstruction(user, 'Summarise');
    await settled();
    expect(dialog).toHaveAttribute('data-state', 'done');
    expect(dialog.querySelector('[data-ask-ai-part="answer"]')).toHaveAttribute('data-state', 'done');
  });
});

describe('reserved accessible names', () => {
  it('no other control contains them', async () => {
    const onInsert = vi.fn();
    const { user } = renderDialog({ onInsert, onReplace: vi.fn() });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise');
    await settled();
    const reserved = [
      'Ask AI',
      'Instruction',
      'Send',
      'Stop',
      'Answer',
      'Insert below',
      'Replace selection',
      'Copy',
      'Try again',
      'Close',
      'Tasks',
    ];
    const controls = ['button', 'textbox', 'option', 'link'].flatMap((role) => within(dialog).queryAllByRole(role));
    expect(controls.length).toBeGreaterThan(6);
    for (const control of controls) {
      const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
      for (const word of reserved)
        if (name !== word) expect(name.includes(word), `"${name}" contains "${word}"`).toBe(false);
    }
  });
});

describe('TanStack Query', () => {
  it('uses the host’s QueryClient when there is one, through its provider or the prop', async () => {
    const viaProvider = new QueryClient();
    const { user, unmount } = renderDialog({}, (ui) => (
      <QueryClientProvider client={viaProvider}>{ui}</QueryClientProvider>
    ));
    await openDialog(user);
    expect(viaProvider.getQueryCache().findAll({ queryKey: ['ask-ai-dialog', 'tools'] })).toHaveLength(1);
    unmount();
    const viaProp = new QueryClient();
    const second = renderDialog({ queryClient: viaProp });
    await openDialog(second.user);
    expect(viaProp.getQueryCache().findAll({ queryKey: ['ask-ai-dialog', 'tools'] })[0]?.state.data).toMatchObject({
      unattended: expect.any(Array),
    });
  });
});

it('still renders a second dialog independently on one page', async () => {
  const { user } = renderDialog();
  render(<AskAiDialog endpoints={ENDPOINTS} messages={{ trigger: 'Second' }} />);
  await openDialog(user);
  await runInstruction(user, 'Summarise');
  await settled();
  await user.click(screen.getByRole('button', { name: 'Close' }));
  await user.click(screen.getByRole('button', { name: 'Second' }));
  expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'idle');
});

describe('the session seam', () => {
  it('never posts a task that waited for the tool list when the dialog unmounts meanwhile', async () => {
    backend.setState({ fault: 'tools:latency' });
    holdStreams(true);
    const { user, unmount } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    await runInstruction(user, 'Summarise this.');
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'preparing');
    unmount();
    holdStreams(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.runs).toEqual([]);
  });

  it('hides the suspension and offers no Try again while the retry waits for fresh tools', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    backend.setState({ fault: 'suspend-approval' });
    await runInstruction(user, 'Summarise this.');
    await settled();
    backend.setState({ fault: 'tools:latency' });
    holdStreams(true);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(dialog).toHaveAttribute('data-state', 'preparing');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    backend.setState({ fault: null });
    holdStreams(false);
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'done'));
  });

  it('posts runs without a configuration once the host removes it', async () => {
    const { user, rerender } = renderDialog({ configuration: 'eu-hosted' });
    await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    rerender(<AskAiDialog endpoints={ENDPOINTS} context={{ selection: ARTICLE }} />);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(sent.runs[0]?.configuration).toBe('eu-hosted');
    expect(sent.runs[1]).not.toHaveProperty('configuration');
    expect(sent.tools.at(-1)?.searchParams.has('configuration')).toBe(false);
  });

  it('keeps working when the host removes its queryClient prop and has no provider', async () => {
    const { user, rerender } = renderDialog({ queryClient: new QueryClient() });
    await openDialog(user);
    rerender(<AskAiDialog endpoints={ENDPOINTS} context={{ selection: ARTICLE }} />);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'done');
  });
});

describe('promises the dialog keeps', () => {
  /** A fetch that records every request's signal, then lets the simulated backend answer. */
  function recordingFetch() {
    const signals: Array<{ url: string; signal: AbortSignal | null | undefined }> = [];
    const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
      signals.push({ url: String(input), signal: init?.signal });
      return fetch(input, init);
    }) as typeof fetch;
    return { signals, fetchFn };
  }

  it('Stop aborts the HTTP request of the run', async () => {
    const { signals, fetchFn } = recordingFetch();
    const { user } = renderDialog({ fetch: fetchFn, headers: { 'X-Ask-Ai-Fault': 'stalled-stream' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Answer' })).toBeInTheDocument());
    const run = signals.find((s) => s.url.includes('/run'));
    expect(run?.signal?.aborted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(run?.signal?.aborted).toBe(true);
  });

  it('unmounting stops the task: the request is aborted and the server asked to cancel', async () => {
    const { signals, fetchFn } = recordingFetch();
    const { user, unmount } = renderDialog({ fetch: fetchFn, headers: { 'X-Ask-Ai-Fault': 'stalled-stream' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Answer' })).toBeInTheDocument());
    unmount();
    expect(signals.find((s) => s.url.includes('/run'))?.signal?.aborted).toBe(true);
    await waitFor(() => expect(sent.cancels).toHaveLength(1));
  });

  it('keeps presets with required tools disabled while the tool list is unknown', async () => {
    backend.setState({ fault: 'tools:latency' });
    holdStreams(true);
    const { user } = renderDialog({
      presets: [
        { id: 'page', label: 'Summarise the page', prompt: 'Summarise the page.', requiredTools: ['get_page_content'] },
        { id: 'free', label: 'Free task', prompt: 'Do it.' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Summarise the page' }, { timeout: 10_000 });
    expect(task(dialog, 'Summarise the page')).toHaveAttribute('aria-disabled', 'true');
    expect(task(dialog, 'Free task')).not.toHaveAttribute('aria-disabled');
    holdStreams(false);
    await waitFor(() => expect(task(dialog, 'Summarise the page')).not.toHaveAttribute('aria-disabled'));
  });

  it('reads an answer of only whitespace as no answer', async () => {
    answerWith(' \n\t ');
    const { user } = renderDialog({ onInsert: vi.fn() });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(dialog).toHaveAttribute('data-state', 'failed');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The AI gave no answer.');
    expect(within(dialog).queryByRole('button', { name: 'Insert below' })).not.toBeInTheDocument();
  });

  it('marks each withheld tool with its reason for styling (data-reason)', async () => {
    const { user } = renderDialog({ debug: true });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByText(/^Tools:/));
    const withheld = within(dialog).getByRole('list', { name: 'Withheld' });
    const reasonOf = (label: string) => within(withheld).getByText(label).closest('li')?.getAttribute('data-reason');
    expect(reasonOf('Update page metadata')).toBe('writeEffect');
    expect(reasonOf('Ask for the tone')).toBe('requiresInput');
    expect(reasonOf('Publish a preview link')).toBe('approvalMarker');
  });

  it.each([
    ['a relative link', '[rel](/typo3/record/edit)'],
    ['a protocol-relative link', '[proto](//evil.example/x)'],
    ['an ftp link', '[ftp](ftp://files.example/x)'],
    ['an SVG data URL', '[svg](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
    ['an entity-encoded javascript: link', '[ent](&#106;avascript:alert(1))'],
    ['a mixed-case javascript: link', '[mixed](JaVaScRiPt:alert(1))'],
    ['a vbscript: link', '[vb](vbscript:msgbox(1))'],
  ])('shows %s as text, not as a live link', async (_what, link) => {
    answerWith(`See ${link} now.`);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Go');
    await settled();
    const answer = within(dialog).getByRole('region', { name: 'Answer' });
    await waitFor(() => expect(answerText(dialog)).toMatch(/^See .+ now\.$/));
    expect(answer.querySelector('a')).toBeNull();
  });

  it('keeps a mixed-case absolute https link live', async () => {
    answerWith('See [docs](HTTPS://docs.example/guide).');
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Go');
    await settled();
    expect(await within(dialog).findByRole('link', { name: 'docs' })).toHaveAttribute(
      'href',
      'HTTPS://docs.example/guide',
    );
  });

  it('hands over plain text from the same parse it shows: escapes stay, code stays verbatim', async () => {
    answerWith('Use \\*stars\\* and **bold**.\n\n```html\n<b>kept</b>\n```\n\n- one\n- two');
    const onInsert = vi.fn();
    const { user } = renderDialog({ onInsert });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Go');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Insert below' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalled());
    expect((onInsert.mock.calls[0] as [{ text: string }])[0].text).toBe(
      'Use *stars* and bold.\n\n<b>kept</b>\n\n• one\n• two',
    );
  });
});

describe('leaving the page', () => {
  it('stops a running task and asks the server to cancel it when the page goes away', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'stalled-stream' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Answer' })).toBeInTheDocument());
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(sent.cancels).toHaveLength(1));
    expect(dialog).toHaveAttribute('data-state', 'stopped');
    expect(sent.cancels[0]).toEqual({ runUuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
