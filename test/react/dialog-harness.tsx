import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createHandlers, createSimulatedBackend, type SimulatedBackend } from '../../src/mock-backend';
import { AskAiDialog, type AskAiDialogProps } from '../../src/react';

export const ENDPOINTS = {
  tools: 'http://localhost/api/ask-ai/tools?token=t1',
  run: 'http://localhost/api/ask-ai/run?token=t2',
  cancel: 'http://localhost/api/ask-ai/cancel?token=t3',
};

export const ARTICLE =
  'The city council approved the new cycle lanes on Monday. The lanes connect the station with the university. ' +
  'Construction of the cycle lanes starts in spring and takes six ' +
  'months. Residents asked for safer cycle routes for years.';

/** What the dialog sent to the backend, in order. */
export const sent: { tools: URL[]; runs: Array<Record<string, unknown>>; cancels: unknown[]; outcomes: unknown[] } = {
  tools: [],
  runs: [],
  cancels: [],
  outcomes: [],
};

/** A gate the simulated backend waits on between events: tests release it to move a run on. */
let release: (() => void) | null = null;
let gated = false;
export function holdStreams(on: boolean) {
  gated = on;
  // Steps wait 10 ms and answer pieces 1 ms on the simulated clock: both pass the gate.
  backend.setState({ latency: on ? 10 : 0 });
  if (!on) releaseStream();
}
export function releaseStream() {
  const r = release;
  release = null;
  r?.();
}

export const backend: SimulatedBackend = createSimulatedBackend({
  initialState: { latency: 0 },
  sleep: (ms, signal) =>
    ms === 0 || !gated
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener('abort', () => resolve());
        }),
});

export const server = setupServer(
  http.all('*/api/ask-ai/*', async ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/tools')) sent.tools.push(url);
    if (url.pathname.endsWith('/run')) sent.runs.push((await request.clone().json()) as Record<string, unknown>);
    if (url.pathname.endsWith('/cancel')) sent.cancels.push(await request.clone().json());
    if (url.pathname.endsWith('/outcome')) sent.outcomes.push(await request.clone().json());
    return undefined;
  }),
  ...createHandlers(backend),
);

/** The run endpoint answers every run with `finalContent` in one JSON body. */
export function answerWith(finalContent: string) {
  server.use(
    http.post('*/api/ask-ai/run', () =>
      HttpResponse.json({ success: true, finalContent, iterations: 1, truncated: false, usage: [] }),
    ),
  );
}

export function useBackend() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    backend.resetState();
    holdStreams(false);
    sent.tools.length = 0;
    sent.runs.length = 0;
    sent.cancels.length = 0;
    sent.outcomes.length = 0;
  });
  afterAll(() => server.close());
}

export function renderDialog(
  props: Partial<AskAiDialogProps> = {},
  wrap: (ui: ReactElement) => ReactElement = (ui) => ui,
) {
  const user = userEvent.setup();
  const view = render(wrap(<AskAiDialog endpoints={ENDPOINTS} context={{ selection: ARTICLE }} {...props} />));
  return { user, ...view };
}

/** Opens the dialog with its trigger and waits for its contents (a lazy chunk) and the tool list. */
export async function openDialog(user: ReturnType<typeof userEvent.setup>, name = 'Ask AI', trigger = name) {
  await user.click(screen.getByRole('button', { name: trigger }));
  const dialog = screen.getByRole('dialog', { name });
  // The dialog's contents are a lazy module: the first test of a file waits for Vitest to transform it,
  // which on a busy two-core machine can take longer than Testing Library's one second.
  await within(dialog).findAllByRole('textbox', {}, { timeout: 10_000 });
  // The tool list has answered (or failed): the body says so for styling, and for tests to wait on.
  await waitFor(() =>
    expect(dialog.querySelector('[data-ask-ai-part="body"]')).not.toHaveAttribute('data-tools', 'pending'),
  );
  return dialog;
}

export async function runInstruction(user: ReturnType<typeof userEvent.setup>, text: string, name = 'Instruction') {
  const box = screen.getByRole('textbox', { name });
  await user.clear(box);
  await user.type(box, `${text}{Enter}`);
}

/** A task in the list under the prompt, by its name. */
export const task = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('option', { name });

/** The names of the tasks in the list, as listed. */
export const taskNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('listbox', { name: /Tasks|Aufgaben/ }))
    .getAllByRole('option')
    .map((option) => option.querySelector('.ask-ai-task-label')?.textContent ?? option.textContent);

/** Runs a task from the list with a click. */
export async function runTask(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string | RegExp) {
  await user.click(task(dialog, name));
}

/** The answer's own text (without its heading, marks and notes). */
export const answerText = (dialog: HTMLElement) =>
  within(dialog)
    .getByRole('region', { name: /Answer|Antwort/ })
    .querySelector('[data-ask-ai-part="answer-text"]')?.textContent ?? '';

export async function settled() {
  await waitFor(() => expect(screen.getByRole('dialog').getAttribute('data-state')).not.toBe('running'));
}
