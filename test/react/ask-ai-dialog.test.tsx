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

describe('tools: available and withheld, with reasons', () => {
  it('lists what the AI may use and what it may not, with localised reasons', async () => {
    const { user } = renderDialog();
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
    const { user } = renderDialog();
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
    const first = renderDialog();
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
        }),
      ),
    );
    const second = renderDialog();
    const dialog2 = await openDialog(second.user);
    await second.user.click(within(dialog2).getByText(/^Tools:/));
    const withheld = within(dialog2).getByRole('list', { name: 'Withheld' });
    expect(within(withheld).getByText('broken').closest('li')).toHaveTextContent('(unreadable description)');
    expect(within(withheld).getByText('disputed').closest('li')).toHaveTextContent('(the server disagrees)');
    expect(within(withheld).getByText('A tool without a readable name').closest('li')).toHaveTextContent(
      '(unreadable description)',
    );
  });

  it('says the list could not be loaded, and loads it again on request', async () => {
    backend.setState({ fault: 'tools:server-error' });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = screen.getByRole('dialog');
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('The allowed tools could not be loaded, so tasks run without tools for now.');
    expect(notice).toHaveTextContent('The AI service failed.');
    // Tasks still run (without tools).
    expect(within(dialog).getByRole('button', { name: 'Run' })).toBeEnabled();
    backend.setState({ fault: null });
    await user.click(within(dialog).getByRole('button', { name: 'Load the tools again' }));
    expect(await within(dialog).findByText(/^Tools: \d+ available/)).toBeInTheDocument();
  });

  it('a run whose session expired links to the host’s login page; the instruction stays for Try again', async () => {
    backend.setState({ fault: 'session-expired' });
    const { user } = renderDialog({ loginUrl: '/typo3/login' });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const outcome = dialog.querySelector<HTMLElement>('[data-ask-ai-part="outcome"]')!;
    expect(outcome).toHaveTextContent('Your session has expired. Log in again (a new tab opens), then try again.');
    expect(within(outcome).getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/typo3/login');
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue('Summarise this.');
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
    expect(within(dialog).getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toBeDisabled();
    const presets = within(within(dialog).getByRole('group', { name: 'Tasks' })).getAllByRole('button');
    expect(presets.length).toBeGreaterThan(3);
    for (const preset of presets) expect(preset).toBeDisabled();
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
    expect(within(dialog).getByRole('button', { name: 'Run' })).toBeEnabled();
    backend.setState({ fault: null });
    await user.click(within(alert).getByRole('button', { name: 'Load the tools again' }));
    expect(await within(dialog).findByText(/^Tools: \d+ available/)).toBeInTheDocument();
  });
});

describe('presets', () => {
  it('disables a preset whose required tool is withheld or not offered, and says why', async () => {
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
    const meta = within(dialog).getByRole('button', { name: 'Fill the page title' });
    expect(meta).toBeDisabled();
    expect(meta).toHaveAccessibleDescription('Not available here: it needs Update page metadata.');
    expect(within(dialog).getByRole('button', { name: 'Customer note' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Summarise the page' })).toBeEnabled();
  });

  it('runs a preset with its instruction, and translates into the chosen language', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Target language' }), 'French');
    await user.click(within(dialog).getByRole('button', { name: 'Translate' }));
    await settled();
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue(
      'Translate this text into French.',
    );
    expect(sent.runs[0]?.prompt).toBe('Translate this text into French.');
  });

  it('keeps typed text when a preset runs, and sends it along as extra direction', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const box = within(dialog).getByRole('textbox', { name: 'Instruction' });
    await user.type(box, 'Keep it formal');
    await user.click(within(dialog).getByRole('button', { name: 'Summarise' }));
    await settled();
    expect(sent.runs[0]?.prompt).toBe(
      'Summarise this text in two sentences.\n\nExtra direction from the editor: Keep it formal',
    );
    expect(box).toHaveValue('Keep it formal');
    // A preset's own task in the box is not the editor's words: the next preset runs as it is.
    await user.clear(box);
    await user.click(within(dialog).getByRole('button', { name: 'Shorten' }));
    await settled();
    expect(box).toHaveValue('Shorten this text and keep its meaning.');
    await user.click(within(dialog).getByRole('button', { name: 'Improve' }));
    await settled();
    expect(sent.runs.map((r) => r.prompt).slice(1)).toEqual([
      'Shorten this text and keep its meaning.',
      'Improve the wording, grammar and punctuation of this text.',
    ]);
  });

  it('groups the built-in tasks (Edit, Write), tone in a menu; Alt text only for an image', async () => {
    const { user, unmount } = renderDialog();
    const dialog = await openDialog(user);
    const group = within(dialog).getByRole('group', { name: 'Tasks' });
    const names = (name: string) =>
      within(within(group).getByRole('group', { name }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(names('Edit')).toEqual([
      'Improve',
      'Fix spelling',
      'Shorten',
      'Make longer',
      'Simplify',
      'Change tone▾',
      'Translate',
    ]);
    expect(names('Write')).toEqual(['Summarise', 'Key points', 'Keywords', 'Continue writing']);
    expect(within(group).queryByRole('button', { name: 'Alt text' })).not.toBeInTheDocument();
    unmount();
    const image = renderDialog({ subject: 'image' });
    const withImage = await openDialog(image.user);
    expect(within(withImage).getByRole('button', { name: 'Alt text' })).toBeEnabled();
  });

  it('filters the tasks as one types; Enter runs the first match; none matching says so', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const filter = within(dialog).getByRole('searchbox', { name: 'Find a task' });
    await user.type(filter, 'form');
    // Tone's items show as buttons of their own while filtering.
    const group = within(dialog).getByRole('group', { name: 'Tasks' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['More formal']);
    await user.keyboard('{Enter}');
    await settled();
    expect(sent.runs.map((r) => r.prompt)).toEqual(['Rewrite this text in a more formal tone.']);
    await user.clear(filter);
    await user.type(filter, 'zzz');
    expect(within(group).queryAllByRole('button')).toHaveLength(0);
    expect(within(group).getByText('No task matches. Type your own instruction below.')).toBeInTheDocument();
  });

  it('opens "Change tone" as a menu: arrows move, Esc closes the menu (not the dialog), an item runs', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    const tone = within(dialog).getByRole('button', { name: 'Change tone' });
    expect(tone).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(tone);
    const menu = within(dialog).getByRole('menu', { name: 'Change tone' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['More formal', 'Friendlier', 'More confident', 'More casual']);
    expect(within(menu).getByRole('menuitem', { name: 'More formal' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Friendlier' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('menu')).not.toBeInTheDocument();
    expect(tone).toHaveFocus();
    expect(dialog).toHaveAttribute('open');
    await user.click(tone);
    await user.click(within(dialog).getByRole('menuitem', { name: 'More casual' }));
    await settled();
    expect(sent.runs.map((r) => r.prompt)).toEqual(['Rewrite this text in a more casual tone.']);
  });

  it('puts the task run last on this host first in its group, across dialogs', async () => {
    localStorage.clear();
    const first = renderDialog();
    const dialog = await openDialog(first.user);
    await first.user.click(within(dialog).getByRole('button', { name: 'Keywords' }));
    await settled();
    first.unmount();
    const second = renderDialog();
    const again = await openDialog(second.user);
    const write = within(within(again).getByRole('group', { name: 'Tasks' })).getByRole('group', { name: 'Write' });
    expect(within(write).getAllByRole('button')[0]).toHaveTextContent('Keywords');
    localStorage.clear();
  });
});

describe('a run', () => {
  it('posts exactly the unattended names, the instruction and the context', async () => {
    const { user } = renderDialog({
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

  it('streams steps and the answer, then shows it with a polite announcement', async () => {
    holdStreams(true);
    const { user } = renderDialog({ context: { selection: ARTICLE, recordTable: 'pages', recordUid: 3 } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    expect(await within(dialog).findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('The AI is working on the task.');
    expect(within(dialog).getByText('Working on it…')).toBeInTheDocument();
    for (let i = 0; i < 5; i++) {
      await act(async () => releaseStream());
    }
    await waitFor(() => expect(within(dialog).getByText(/^Steps \(\d+\)$/)).toBeInTheDocument());
    holdStreams(false);
    await settled();
    const answer = within(dialog).getByRole('region', { name: 'Answer' });
    expect(answer).toHaveAttribute('aria-busy', 'false');
    expect(answer.textContent).toMatch(/cycle lanes/);
    expect(within(dialog).getByRole('status')).toHaveTextContent('The answer is ready.');
    // "Done." is the card's, not a callout of its own.
    expect(within(within(dialog).getByRole('region', { name: 'Answer' })).getByText('Done.')).toBeInTheDocument();
    expect(dialog.querySelector('[data-ask-ai-part="outcome"]')).toBeNull();
    await user.click(within(dialog).getByText(/^Steps/));
    const timeline = dialog.querySelector<HTMLElement>('[data-ask-ai-part="timeline"] ol')!;
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Tool: Get page content — done (120 ms)');
  });

  it('starts one run for a double click on Run', async () => {
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await user.type(screen.getByRole('textbox', { name: 'Instruction' }), 'Summarise this.');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Run' }));
    holdStreams(false);
    await settled();
    expect(sent.runs).toHaveLength(1);
  });

  it('stops a running task when closed with ×, as Esc does, and shows what arrived when reopened', async () => {
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    for (let i = 0; i < 4; i++) await act(async () => releaseStream());
    await within(dialog).findByRole('button', { name: 'Stop' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The server is asked to cancel: no task goes on unseen.
    await waitFor(() => expect(sent.cancels).toHaveLength(1));
    holdStreams(false);
    const reopened = await openDialog(user);
    expect(reopened.getAttribute('data-state')).toBe('stopped');
    expect(within(reopened).getByRole('button', { name: 'Run' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Instruction' })).toHaveValue('Summarise this.');
    // It says why the task stopped: the editor closed the dialog, not "You stopped the task."
    expect(within(reopened).getByText('The dialog was closed, so the task was stopped.')).toBeInTheDocument();
    expect(within(reopened).queryByText('You stopped the task.')).not.toBeInTheDocument();
  });

  it('says it is writing the answer when no delta arrives (nr-llm protocol)', async () => {
    backend.setState({ protocol: 'nr-llm' });
    holdStreams(true);
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await act(async () => releaseStream());
    await act(async () => releaseStream());
    expect(await within(dialog).findByText('Writing the answer…')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
    holdStreams(false);
    await settled();
    expect(within(dialog).getByRole('region', { name: 'Answer' }).textContent).toMatch(/cycle lanes/);
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
    // The indicator shows from the moment the task is asked for; Run waits with it.
    expect(dialog.querySelector('[data-ask-ai-part="progress"]')).toHaveTextContent('Working on it…');
    expect(within(dialog).getByRole('button', { name: 'Run' })).toHaveAttribute('aria-disabled', 'true');
    expect(sent.runs).toEqual([]);
    holdStreams(false);
    await settled();
    expect(sent.runs[0]?.tools).toContain('get_page_content');
  });

  it('asks for an instruction instead of running an empty one', async () => {
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type an instruction or pick a task first.');
    expect(sent.runs).toEqual([]);
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

  it('has one primary action after a failure: Try again, not Run beside it', async () => {
    backend.setState({ fault: 'server-error' });
    const { user } = renderDialog();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('button', { name: 'Run' })).toHaveClass('ask-ai-primary');
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

  it('stopped: keeps the partial answer and says the server confirmed the cancel', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'stalled-stream' } });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Answer' })).toBeInTheDocument());
    const answerText = () =>
      within(dialog).getByRole('region', { name: 'Answer' }).querySelector('div')?.textContent?.trim();
    const partial = answerText();
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(within(dialog).getByText('You stopped the task.')).toBeInTheDocument();
    expect(await within(dialog).findByText('The server confirmed that it cancelled the run.')).toBeInTheDocument();
    expect(answerText()).toBe(partial);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Stopped.');
    expect(sent.cancels).toHaveLength(1);
    // Stopping starts no new run. (Whether the click on Stop turns into a submit once Run takes its
    // place is a browser's default action, which jsdom does not run: the Chromium test "Stop mid-run
    // keeps the partial answer" pins that.)
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.runs).toHaveLength(1);
    expect(dialog).toHaveAttribute('data-state', 'stopped');
  });

  it('stopped without a cancel endpoint: says the server may finish the step', async () => {
    const { user } = renderDialog({
      endpoints: { tools: ENDPOINTS.tools, run: ENDPOINTS.run },
      headers: { 'X-Ask-Ai-Fault': 'stalled-stream' },
    });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Answer' })).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(within(dialog).getByText('The server may still finish the step in progress.')).toBeInTheDocument();
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
  it('keeps the instruction and the partial answer through an error, a close and a reopen', async () => {
    const { user } = renderDialog({ headers: { 'X-Ask-Ai-Fault': 'truncated-stream' } });
    let dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this please.');
    await settled();
    const partial = within(dialog).getByRole('region', { name: 'Answer' }).textContent;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openDialog(user);
    expect(within(dialog).getByRole('textbox', { name: 'Instruction' })).toHaveValue('Summarise this please.');
    expect(within(dialog).getByRole('region', { name: 'Answer' }).textContent).toBe(partial);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The connection broke off');
  });

  it('shows a note when the context was cut to the size limit', async () => {
    const { user } = renderDialog({
      context: { selection: 'x'.repeat(50), document: 'y'.repeat(10) },
      contextLimit: 20,
    });
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('The selected text was cut to 20 characters.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/The document was cut/)).not.toBeInTheDocument();
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
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
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
    const insert = within(dialog).getByRole('button', { name: 'Insert' });
    await user.dblClick(insert);
    await waitFor(() => expect(insert).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Replace selection' })).toBeDisabled();
    expect(onInsert).toHaveBeenCalledTimes(1);
    expect(onReplace).not.toHaveBeenCalled();
    // A new answer can be applied again.
    await runInstruction(user, 'Shorten this.');
    await settled();
    expect(within(dialog).getByRole('button', { name: 'Insert' })).toBeEnabled();
  });

  it('hands an answer over once when two clicks land before the first has finished', async () => {
    const onInsert = vi.fn();
    const { user } = renderDialog({ onInsert, closeOnApply: false });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const insert = within(dialog).getByRole('button', { name: 'Insert' });
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
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
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
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not insert here.');
    expect(within(dialog).getByRole('button', { name: 'Insert' })).toBeEnabled();
  });

  it('shows the host’s own words for a refusal that brings them', async () => {
    const onInsert = vi.fn(() => ({ refused: 'other' as const, message: 'This field takes plain text only.' }));
    const { user } = renderDialog({ onInsert });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
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

  it('says "Copied" for a few seconds beside Copy; usage and the run id wait in the card’s Details', async () => {
    const { user } = renderDialog({});
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    const card = dialog.querySelector<HTMLElement>('[data-ask-ai-part="answer-card"]')!;
    expect(card).toContainElement(within(dialog).getByRole('region', { name: 'Answer' }));
    // Quiet metadata is the card's, collapsed: no token count in view, none in the footer.
    expect(within(dialog).queryByText(/tokens/)).not.toBeInTheDocument();
    await user.click(within(card).getByText('Details'));
    expect(within(card).getByText(/^\d+ tokens/)).toBeVisible();
    expect(within(card).getByText('Run ID')).toBeVisible();
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
    expect(within(dialog).getByRole('button', { name: 'Zusammenfassen' })).toBeInTheDocument();
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
      'Run',
      'Stop',
      'Answer',
      'Insert',
      'Replace selection',
      'Copy',
      'Try again',
      'Close',
    ];
    const controls = ['button', 'textbox', 'combobox', 'link'].flatMap((role) => within(dialog).queryAllByRole(role));
    expect(controls.length).toBeGreaterThan(10);
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
    expect(within(dialog).getByRole('button', { name: 'Summarise the page' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Free task' })).toBeEnabled();
    holdStreams(false);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Summarise the page' })).toBeEnabled());
  });

  it('reads an answer of only whitespace as no answer', async () => {
    answerWith(' \n\t ');
    const { user } = renderDialog({ onInsert: vi.fn() });
    const dialog = await openDialog(user);
    await runInstruction(user, 'Summarise this.');
    await settled();
    expect(dialog).toHaveAttribute('data-state', 'failed');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The AI gave no answer.');
    expect(within(dialog).queryByRole('button', { name: 'Insert' })).not.toBeInTheDocument();
  });

  it('marks each withheld tool with its reason for styling (data-reason)', async () => {
    const { user } = renderDialog();
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
    await waitFor(() => expect(answer.querySelector('div')?.textContent).toMatch(/^See .+ now\.$/));
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
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
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
