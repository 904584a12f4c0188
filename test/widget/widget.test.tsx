// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ENDPOINTS, holdStreams, releaseStream, sent, server, useBackend } from '../react/dialog-harness';

useBackend();

/** Runs a task by its name from the list: among the suggestions, or under "More tasks". */
async function pickTask(user: ReturnType<typeof userEvent.setup>, shadow: ReturnType<typeof within>, name: string) {
  await shadow.findAllByRole('option', {}, { timeout: 5000 });
  if (!shadow.queryByRole('option', { name })) await user.click(shadow.getByRole('option', { name: 'More tasks' }));
  await user.click(shadow.getByRole('option', { name }));
}

/**
 * The element as a page places it: defined under `name`, pointed at the simulated backend, with
 * `attributes` and a `context` set before it is appended.
 */
async function placeElement(name: string, attributes: Record<string, string> = {}, context?: unknown) {
  const { defineAskAiDialogElement } = await import('../../src/widget');
  defineAskAiDialogElement(name);
  const element = document.createElement(name) as HTMLElement & { context?: unknown };
  element.setAttribute('tools-url', ENDPOINTS.tools);
  element.setAttribute('run-url', ENDPOINTS.run);
  for (const [attribute, value] of Object.entries(attributes)) element.setAttribute(attribute, value);
  if (context !== undefined) element.context = context;
  document.body.append(element);
  return { element, shadow: within(element.shadowRoot as unknown as HTMLElement) };
}

describe('ask-ai-dialog/widget', () => {
  it('registers nothing on import, and defines the element once when asked', async () => {
    const define = vi.spyOn(customElements, 'define');
    const widget = await import('../../src/widget');
    expect(define).not.toHaveBeenCalled();
    expect(customElements.get('ask-ai-dialog')).toBeUndefined();
    const first = widget.defineAskAiDialogElement();
    expect(widget.defineAskAiDialogElement()).toBe(first);
    expect(define).toHaveBeenCalledTimes(1);
    expect(customElements.get('ask-ai-dialog')).toBe(first);
  });

  it(
    'renders in a shadow root from its attributes and emits ' + 'ask-ai-insert with the answer and its provenance',
    async () => {
      const { element, shadow } = await placeElement(
        'ask-ai-test-one',
        { configuration: 'default' },
        { selection: 'The tram crosses the bridge. People wave from the windows. The sun sets.' },
      );
      expect(document.head.querySelector('style')).toBeNull();
      expect(element.shadowRoot?.querySelector('style')?.textContent).toContain('.ask-ai-dialog');
      const user = userEvent.setup();
      await user.click(await shadow.findByRole('button', { name: 'Ask AI' }));
      const events: CustomEvent[] = [];
      document.addEventListener('ask-ai-insert', (e) => events.push(e as CustomEvent));
      await pickTask(user, shadow, 'Summarise');
      await user.click(await shadow.findByRole('button', { name: 'Insert below' }));
      await waitFor(() => expect(events).toHaveLength(1));
      expect(events[0]?.detail).toMatchObject({
        answer: { markdown: expect.any(String), text: expect.any(String) },
        meta: { instruction: 'Summarise this text in two sentences.' },
      });
      expect(events[0]?.composed).toBe(true);
      // Insert closed the dialog; the same answer is not applied twice. A new answer can replace the selection.
      // (jsdom does not hide a closed dialog inside a shadow root: the attribute tells.)
      await waitFor(() => expect(element.shadowRoot?.querySelector('dialog')).not.toHaveAttribute('open'));
      const replaced: CustomEvent[] = [];
      element.addEventListener('ask-ai-replace', (e) => replaced.push(e as CustomEvent));
      await user.click(shadow.getByRole('button', { name: 'Ask AI' }));
      await pickTask(user, shadow, 'Shorten');
      await user.click(await shadow.findByRole('button', { name: 'Replace selection' }));
      await waitFor(() => expect(replaced).toHaveLength(1));
      expect(replaced[0]?.detail.meta.instruction).toBe('Shorten this text and keep its meaning.');
      element.remove();
    },
  );

  it('lets a listener refuse the answer: the dialog keeps it and says why; preventDefault refuses too', async () => {
    const { element, shadow } = await placeElement(
      'ask-ai-test-refuse',
      {},
      { selection: 'The tram crosses the bridge. People wave from the windows.' },
    );
    const user = userEvent.setup();
    element.addEventListener('ask-ai-insert', (event) =>
      (event as CustomEvent).detail.refuse({ refused: 'other', message: 'The field is locked by another editor.' }),
    );
    element.addEventListener('ask-ai-replace', (event) => event.preventDefault());
    await user.click(await shadow.findByRole('button', { name: 'Ask AI' }));
    await pickTask(user, shadow, 'Summarise');
    await user.click(await shadow.findByRole('button', { name: 'Insert below' }));
    expect(await shadow.findByRole('alert')).toHaveTextContent('The field is locked by another editor.');
    // Kept and open: not "Inserted", the answer still there to copy.
    expect(element.shadowRoot?.querySelector('dialog')).toHaveAttribute('open');
    expect(shadow.queryByText('Inserted')).not.toBeInTheDocument();
    expect(shadow.getByRole('region', { name: 'Answer' })).toHaveTextContent(/\w+/);
    await user.click(shadow.getByRole('button', { name: 'Replace selection' }));
    await waitFor(() => expect(shadow.getByRole('alert')).not.toHaveTextContent('locked'));
    expect(shadow.queryByText('Replaced')).not.toBeInTheDocument();
    element.remove();
  });

  it('offers the page its login-url attribute names when the session expired', async () => {
    server.use(http.get('*/api/ask-ai/tools', () => HttpResponse.json({ success: false }, { status: 401 })));
    const { element, shadow } = await placeElement('ask-ai-test-login', { 'login-url': '/typo3/login?refresh=1' });
    await userEvent.setup().click(await shadow.findByRole('button', { name: 'Ask AI' }));
    const link = await shadow.findByRole('link', { name: 'Log in again' });
    expect(link).toHaveAttribute('href', '/typo3/login?refresh=1');
    expect(link).toHaveAttribute('target', '_blank');
    element.remove();
  });

  it('reads its direction and configuration, and survives being moved in the page', async () => {
    const { element, shadow } = await placeElement('ask-ai-test-attributes', {
      configuration: 'eu-hosted',
      dir: 'rtl',
    });
    const trigger = await shadow.findByRole('button', { name: 'Ask AI' });
    expect(element.shadowRoot?.querySelector('dialog')?.getAttribute('dir')).toBe('rtl');
    await userEvent.setup().click(trigger);
    await waitFor(() => expect(sent.tools.at(-1)?.searchParams.get('configuration')).toBe('eu-hosted'));
    element.setAttribute('dir', 'sideways');
    await waitFor(() => expect(element.shadowRoot?.querySelector('dialog')?.hasAttribute('dir')).toBe(false));
    // Moved in one task: the same dialog, not a new one.
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(element);
    await Promise.resolve();
    expect(shadow.getByRole('button', { name: 'Ask AI', hidden: true })).toBe(trigger);
    // Removed for good: the dialog goes with it.
    element.remove();
    await waitFor(() => expect(element.shadowRoot?.childNodes.length).toBe(0));
  });

  it.each([
    ['a tools-url alone', { 'tools-url': ENDPOINTS.tools }],
    ['a run-url alone', { 'run-url': ENDPOINTS.run }],
    ['a tools-route alone', { 'tools-route': 'ask_ai_tools' }],
    ['a run-route alone', { 'run-route': 'ask_ai_run' }],
  ])('says what is missing with %s, and mounts no dialog', async (_, attributes) => {
    const { defineAskAiDialogElement } = await import('../../src/widget');
    defineAskAiDialogElement('ask-ai-test-half');
    const element = document.createElement('ask-ai-test-half');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    const shadow = within(element.shadowRoot as unknown as HTMLElement);
    expect(shadow.getByRole('alert')).toHaveTextContent(
      'ask-ai-dialog: set tools-url and run-url, or tools-route and run-route.',
    );
    expect(shadow.queryByRole('button', { name: 'Ask AI' })).toBeNull();
    element.remove();
  });

  it('takes a left-to-right dir, and cancels and rates through its cancel-url and outcome-url', async () => {
    const { element, shadow } = await placeElement(
      'ask-ai-test-urls',
      {
        dir: 'ltr',
        'cancel-url': ENDPOINTS.cancel,
        'outcome-url': 'http://localhost/api/ask-ai/outcome?token=t4',
      },
      { selection: 'The tram crosses the bridge. People wave from the windows.' },
    );
    const user = userEvent.setup();
    await user.click(await shadow.findByRole('button', { name: 'Ask AI' }));
    expect(element.shadowRoot?.querySelector('dialog')?.getAttribute('dir')).toBe('ltr');
    holdStreams(true);
    await pickTask(user, shadow, 'Summarise');
    releaseStream();
    await user.click(await shadow.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(sent.cancels).toHaveLength(1));
    holdStreams(false);
    await pickTask(user, shadow, 'Summarise');
    await user.click(await shadow.findByRole('button', { name: 'Helpful' }, { timeout: 5000 }));
    await waitFor(() => expect(sent.outcomes).toHaveLength(1));
    element.remove();
  });

  it('reads TYPO3 route ids, and shows a set-up error instead of throwing', async () => {
    const { defineAskAiDialogElement } = await import('../../src/widget');
    defineAskAiDialogElement('ask-ai-test-two');
    const element = document.createElement('ask-ai-test-two');
    element.setAttribute('tools-route', 'missing_route');
    element.setAttribute('run-route', 'ask_ai_run');
    document.body.append(element);
    expect(within(element.shadowRoot as unknown as HTMLElement).getByRole('alert')).toHaveTextContent(
      '"missing_route"',
    );
    vi.stubGlobal('TYPO3', { settings: { ajaxUrls: { missing_route: ENDPOINTS.tools, ask_ai_run: ENDPOINTS.run } } });
    element.setAttribute('locale', 'de');
    await waitFor(() =>
      expect(
        within(element.shadowRoot as unknown as HTMLElement).getByRole('button', { name: 'KI fragen' }),
      ).toBeInTheDocument(),
    );
    vi.unstubAllGlobals();
    element.remove();
  });

  it('mounts into any element and unmounts cleanly', async () => {
    const { mount } = await import('../../src/widget');
    const host = document.createElement('div');
    document.body.append(host);
    const mounted = mount(host, { endpoints: ENDPOINTS });
    await waitFor(() =>
      expect(
        within(host.shadowRoot as unknown as HTMLElement).getByRole('button', { name: 'Ask AI' }),
      ).toBeInTheDocument(),
    );
    mounted.update({ messages: { trigger: 'Assist' } });
    await waitFor(() =>
      expect(
        within(host.shadowRoot as unknown as HTMLElement).getByRole('button', { name: 'Assist' }),
      ).toBeInTheDocument(),
    );
    mounted.unmount();
    expect(host.shadowRoot?.childNodes).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Assist' })).toBeNull();
  });
});

describe('the widget’s lifecycle', () => {
  it('honours a context the page set before the element was defined', async () => {
    const element = document.createElement('ask-ai-test-early') as HTMLElement & { context?: unknown };
    element.setAttribute('tools-url', ENDPOINTS.tools);
    element.setAttribute('run-url', ENDPOINTS.run);
    element.context = { selection: 'Set before the definition loaded.' };
    document.body.append(element);
    const { defineAskAiDialogElement } = await import('../../src/widget');
    defineAskAiDialogElement('ask-ai-test-early');
    expect(element.context).toEqual({ selection: 'Set before the definition loaded.' });
    const shadow = within(element.shadowRoot as unknown as HTMLElement);
    const user = userEvent.setup();
    await user.click(await shadow.findByRole('button', { name: 'Ask AI' }));
    expect(await shadow.findByText('Uses the selected text.', {}, { timeout: 5000 })).toBeInTheDocument();
    // …and sends it with a task.
    await pickTask(user, shadow, 'Shorten');
    await waitFor(() => expect(sent.runs[0]?.context).toEqual({ selection: 'Set before the definition loaded.' }));
    element.remove();
  });
});
