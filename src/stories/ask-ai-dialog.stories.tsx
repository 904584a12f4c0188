import type { Meta, StoryObj } from '@storybook/react-vite';
import { AskAiDialog } from 'ask-ai-dialog';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { StorySimulation } from './story-backend';

const ENDPOINTS = {
  tools: '/api/ask-ai/tools?token=story',
  run: '/api/ask-ai/run?token=story',
  cancel: '/api/ask-ai/cancel?token=story',
};
const SELECTION =
  'The city library opens its new reading garden on 1 June. Visitors can borrow books, games and sun loungers there. ' +
  'The garden is open every day from ten to six while the weather allows. Entry is free.';

const meta = {
  title: 'AskAiDialog',
  component: AskAiDialog,
  args: {
    endpoints: ENDPOINTS,
    configuration: 'default',
    context: { selection: SELECTION, recordTable: 'tt_content', recordUid: 12 },
    onInsert: fn(),
    onReplace: fn(),
    onCopy: fn(),
  },
} satisfies Meta<typeof AskAiDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const sim = (simulation: StorySimulation) => ({ simulation });
// The dialog renders in the top layer, inside the story's own root.
const dialogOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body).getByRole('dialog');

async function open(canvasElement: HTMLElement, name = 'Ask AI'): Promise<Canvas> {
  const page = within(canvasElement);
  await userEvent.click(await page.findByRole('button', { name }));
  return within(dialogOf(canvasElement));
}

/** Open, its tool list answered (the body says so: `data-tools`). */
async function openReady(canvasElement: HTMLElement, name = 'Ask AI'): Promise<Canvas> {
  const dialog = await open(canvasElement, name);
  await waitFor(() =>
    expect(dialogOf(canvasElement).querySelector('[data-ask-ai-part="body"]')).not.toHaveAttribute(
      'data-tools',
      'pending',
    ),
  );
  return dialog;
}

async function run(dialog: Canvas, task = 'Shorten') {
  await userEvent.click(dialog.getByRole('option', { name: task }));
}

/** A story that opens the dialog, runs a preset on the given simulation, and checks what it shows. */
function runStory(
  simulation: StorySimulation,
  check: (dialog: Canvas, canvasElement: HTMLElement) => Promise<unknown>,
  extra: Partial<Story> = {},
): Story {
  return {
    ...extra,
    parameters: sim(simulation),
    play: async ({ canvasElement }) => {
      const dialog = await openReady(canvasElement);
      await run(dialog);
      await check(dialog, canvasElement);
    },
  };
}

const settledAs = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expect(dialogOf(canvasElement)).toHaveAttribute('data-state', state), { timeout: 8000 });

// --- Before the run ---

export const ToolsLoading: Story = {
  args: { debug: true },
  parameters: sim({ fault: 'tools:latency' }),
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    // Held by the story's backend; the dialog's body may take a while to load on a busy machine.
    await expect(await dialog.findByText('Loading the tools…', {}, { timeout: 10_000 })).toBeInTheDocument();
  },
};

export const ToolsFailed: Story = {
  args: { debug: true },
  parameters: sim({ fault: 'tools:server-error' }),
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The allowed tools could not be loaded');
  },
};

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement);
    await expect(dialog.getByRole('textbox', { name: 'Instruction' })).toBeInTheDocument();
    await expect(dialog.getAllByRole('option').map((o: HTMLElement) => o.textContent)).toEqual([
      'Improve',
      'Fix spelling',
      'Shorten',
      'More tasks›',
    ]);
  },
};

export const AllTasks: Story = {
  name: 'All tasks (More tasks)',
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement);
    await run(dialog, 'More tasks');
    await expect(dialog.getByRole('group', { name: 'Write' })).toBeInTheDocument();
  },
};

export const EmptyField: Story = {
  args: { context: {} },
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement);
    await expect(dialog.getByText('Select text or write in the field to edit it.')).toBeInTheDocument();
  },
};

export const AltText: Story = {
  args: { subject: 'image', image: { fileReference: 12 }, context: {} },
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement);
    await run(dialog, 'Alt text');
    await expect(await dialog.findByRole('button', { name: 'Use as alt text' }, { timeout: 8000 })).toBeEnabled();
  },
};

export const Administrator: Story = {
  name: 'Administrator (debug view: tools, steps, usage)',
  args: { debug: true, context: { selection: SELECTION, recordTable: 'pages', recordUid: 3 } },
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement);
    await expect(dialog.getByText(/^Tools: \d+ available/)).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Instruction' }), 'Summarise this page{Enter}');
    await settledAs(canvasElement, 'done');
    await expect(dialog.getByText(/^Steps \(\d+\)$/)).toBeInTheDocument();
  },
};

export const Typo3Theme: Story = {
  name: 'TYPO3 look (theme="typo3", its tokens where the backend defines them)',
  args: { theme: 'typo3' },
  play: async ({ canvasElement }) => {
    await openReady(canvasElement);
    await expect(dialogOf(canvasElement)).toHaveClass('ask-ai-theme-typo3');
  },
};

export const WithheldTools: Story = {
  parameters: sim({ user: 'admin', configuration: 'local' }),
  args: { configuration: 'local', debug: true },
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement);
    await userEvent.click(dialog.getByText(/^Tools:/));
    await expect(dialog.getByRole('list', { name: 'Withheld' })).toHaveTextContent(
      'the operator requires approval for this server',
    );
  },
};

export const DisabledPreset: Story = {
  args: {
    presets: [
      { id: 'title', label: 'Set the page title', prompt: 'Set the title.', requiredTools: ['update_page_metadata'] },
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement);
    await expect(dialog.getByRole('option', { name: 'Set the page title' })).toHaveAttribute('aria-disabled', 'true');
  },
};

// --- During the run ---

export const RunningWithSteps = runStory(
  { fault: 'stalled-stream' },
  async (dialog) => {
    await userEvent.click(await dialog.findByText(/^Steps \(\d+\)$/, {}, { timeout: 5000 }));
    await expect(dialog.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  },
  { args: { debug: true, context: { selection: SELECTION, recordTable: 'pages', recordUid: 3 } } },
);

export const Streaming = runStory({ fault: 'stalled-stream' }, async (dialog) =>
  expect(await dialog.findByRole('region', { name: 'Answer' }, { timeout: 5000 })).toHaveAttribute('aria-busy', 'true'),
);

export const NoDeltas = runStory(
  { protocol: 'nr-llm', fault: 'stalled-stream' },
  async (dialog) => expect(await dialog.findByText('Thinking…', {}, { timeout: 5000 })).toBeInTheDocument(),
  { name: 'Running without deltas (nr-llm)' },
);

// --- Ends ---

export const Done = runStory({}, async (dialog, canvasElement) => {
  await settledAs(canvasElement, 'done');
  await expect(dialog.getByRole('button', { name: 'Insert below' })).toBeInTheDocument();
});

export const NoAnswer = runStory({ fault: 'budget-exhausted' }, async (dialog) =>
  expect(await dialog.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('ran out of budget'),
);

export const Stopped = runStory({ fault: 'stalled-stream' }, async (dialog, canvasElement) => {
  await dialog.findByRole('region', { name: 'Answer' }, { timeout: 5000 });
  await userEvent.click(dialog.getByRole('button', { name: 'Stop' }));
  // Said once in view (the other is the polite status for screen readers).
  await waitFor(() =>
    expect(dialogOf(canvasElement).querySelector('[data-ask-ai-part="outcome"]')).toHaveTextContent(/^Stopped\.$/),
  );
});

export const SuspendedWithRunId = runStory({ fault: 'suspend-approval' }, async (dialog) =>
  expect(await dialog.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(/under the id [0-9a-f-]{36}/),
);

export const SuspendedWithoutRunId = runStory({ fault: 'suspend-approval-no-uuid' }, async (dialog) =>
  expect(await dialog.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
    'The task stopped: Update page metadata needs someone’s approval',
  ),
);

/** A failure: its one sentence, and "Try again" where retrying can help (`'absent'` where it cannot). */
function failureStory(
  fault: string,
  text: RegExp | string,
  retry: 'enabled' | 'disabled' | 'absent' = 'enabled',
): Story {
  return runStory({ fault }, async (dialog) => {
    await expect(await dialog.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(text);
    const tryAgain = dialog.queryByRole('button', { name: 'Try again' });
    if (retry === 'absent') await expect(tryAgain).toBeNull();
    else if (retry === 'disabled') await expect(tryAgain).toBeDisabled();
    else await expect(tryAgain).toBeEnabled();
  });
}

export const NetworkError = failureStory('network-error', 'The server could not be reached.');
export const ConnectionLost = failureStory(
  'truncated-stream',
  'The connection broke off before the answer was complete.',
);
export const SessionExpired = failureStory('session-expired', 'Your session has expired.');
export const Forbidden = failureStory('forbidden', 'You are not allowed to use this AI task.', 'absent');
export const NotFound = failureStory('not-found', 'not set up here', 'absent');
export const BadRequest = failureStory('bad-request', 'The AI service did not accept the request.', 'absent');
export const RateLimited = failureStory('rate-limited', 'Too many requests right now.', 'disabled');
export const ServerError = failureStory('server-error', 'The AI service failed.');
export const InvalidResponse = failureStory('malformed-json', 'cannot read');
export const Guardrail = failureStory('guardrail', 'A safety rule of the AI service blocked this task.', 'absent');
export const CancelledByServer = failureStory('cancelled', 'The server cancelled the task.');
export const BackendFailure = failureStory('lease-lost', 'The AI service could not complete the task.');

// --- Working with an answer ---

const WITH_OUTCOME = { ...ENDPOINTS, outcome: '/api/ask-ai/outcome?token=story' };

export const Variants: Story = runStory(
  {},
  async (dialog, canvasElement) => {
    await settledAs(canvasElement, 'done');
    await userEvent.click(dialog.getByRole('button', { name: 'Regenerate' }));
    await expect(await dialog.findByText('2 of 2', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Previous answer' }));
    await expect(dialog.getByText('1 of 2')).toBeInTheDocument();
  },
  { name: 'Variants (previous / next answer)' },
);

export const Refine: Story = runStory({}, async (dialog, canvasElement) => {
  await settledAs(canvasElement, 'done');
  await userEvent.type(dialog.getByRole('textbox', { name: 'Instruction' }), 'Make it shorter{Enter}');
  await expect(await dialog.findByText('2 of 2', {}, { timeout: 8000 })).toBeInTheDocument();
});

export const ShowChanges: Story = runStory({}, async (dialog, canvasElement) => {
  await settledAs(canvasElement, 'done');
  await userEvent.click(dialog.getByRole('button', { name: 'Show changes' }));
  const changes = await dialog.findByRole('region', { name: 'Changes' }, { timeout: 8000 });
  await expect(changes.querySelector('del, ins')).not.toBeNull();
});

export const FeedbackGiven: Story = runStory(
  {},
  async (dialog, canvasElement) => {
    await settledAs(canvasElement, 'done');
    await userEvent.click(dialog.getByRole('button', { name: 'Helpful' }));
    await expect(await dialog.findByText('Thanks for the feedback.', {}, { timeout: 8000 })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
  },
  { args: { endpoints: WITH_OUTCOME } },
);

export const FeedbackFailed: Story = runStory(
  { fault: 'outcome:server-error' },
  async (dialog, canvasElement) => {
    await settledAs(canvasElement, 'done');
    await userEvent.click(dialog.getByRole('button', { name: 'Not helpful' }));
    await expect(await dialog.findByText('The feedback could not be sent.', {}, { timeout: 8000 })).toBeInTheDocument();
    await expect(dialog.getByRole('region', { name: 'Answer' })).toBeInTheDocument();
  },
  { args: { endpoints: WITH_OUTCOME } },
);

// --- Languages, direction, hosts ---

export const German: Story = {
  args: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const dialog = await openReady(canvasElement, 'KI fragen');
    await expect(dialog.getByRole('textbox', { name: 'Anweisung' })).toBeInTheDocument();
  },
};

export const RightToLeft: Story = {
  args: { dir: 'rtl', messages: { title: 'اسأل الذكاء الاصطناعي', trigger: 'Ask AI' } },
  decorators: [(Story) => <div dir="rtl">{Story()}</div>],
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await expect(dialogOf(canvasElement)).toHaveAttribute('dir', 'rtl');
  },
};

export const DarkHost: Story = {
  decorators: [
    (Story) => (
      <div
        style={{
          colorScheme: 'dark',
          background: '#17181c',
          color: '#e8e8ea',
          padding: '1.5rem',
          ['--ask-ai-accent' as string]: '#7aa2ff',
          ['--ask-ai-accent-fg' as string]: '#0b0c10',
        }}
      >
        {Story()}
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await openReady(canvasElement);
  },
};
