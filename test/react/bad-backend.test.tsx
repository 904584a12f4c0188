// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doneEvent as done, USAGE as usage } from '../support/backend-fetch';
import { openDialog, renderDialog, runInstruction, server, settled, useBackend } from './dialog-harness';

/**
 * The catalogue of bad backends (docs/reliability.md): each answer a broken, hostile or merely unusual
 * backend can give, through the real client and the dialog. For every one: the documented sentence,
 * the instruction and any partial answer kept, the dialog usable again (Run offered), and nothing
 * thrown (an uncaught error or unhandled rejection fails the run; nothing reaches the console).
 */
useBackend();

const INSTRUCTION = 'Summarise the text';
const line = (event: unknown) => `${typeof event === 'string' ? event : JSON.stringify(event)}\n`;
const delta = (text: string) => ({ event: 'delta', text });

/** An NDJSON body of these lines (strings as written, bytes as bytes), optionally left open. */
function ndjson(parts: ReadonlyArray<unknown>, options: { open?: boolean; type?: string } = {}): HttpResponseResolver {
  return ({ request }) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part instanceof Uint8Array ? part : encoder.encode(line(part)));
        if (!options.open) controller.close();
        // A stream left open ends when the client gives up on it.
        else request.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': options.type ?? 'application/x-ndjson' } });
  };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): HttpResponseResolver =>
  () =>
    HttpResponse.json(body as object, { status, headers });
const text =
  (body: string, status = 200, type = 'text/html'): HttpResponseResolver =>
  () =>
    new HttpResponse(body, { status, headers: { 'content-type': type } });
const LOGIN_PAGE =
  '<!doctype html><html><body><form action="/typo3/login"><input name="username"></form></body></html>';

interface Case {
  /** What the backend does. */
  readonly run?: HttpResponseResolver;
  readonly tools?: HttpResponseResolver;
  /** The sentence the editor reads. */
  readonly says: RegExp;
  /** Text of the answer that must still show. */
  readonly keeps?: string;
  readonly idleTimeoutMs?: number;
}

const SENTENCES = {
  badRequest: /did not accept the request/,
  sessionExpired: /session has expired/,
  forbidden: /not allowed to use this AI task/,
  notFound: /not set up here/,
  rateLimited: /Too many requests/,
  server: /The AI service failed/,
  backend: /could not complete the task/,
  invalidResponse: /cannot read/,
  connectionLost: /connection broke off/,
  network: /could not be reached/,
  noAnswer: /gave no answer/,
  guardrail: /safety rule/,
  cancelled: /server cancelled the task/,
  approval: /needs someone’s approval/,
  input: /asks for input/,
  done: /^Done\.?$/,
  toolsFailed: /allowed tools could not be loaded/,
};

const CASES: Record<string, Case> = {
  // Each HTTP status class, with the backend's JSON error body.
  '400 with an error body': { run: json({ success: false, error: 'prompt missing' }, 400), says: SENTENCES.badRequest },
  '401 (TYPO3: not logged in)': { run: json({ success: false, error: 'nope' }, 401), says: SENTENCES.sessionExpired },
  '403': { run: json({ success: false, error: 'no access' }, 403), says: SENTENCES.forbidden },
  '404': { run: json({ success: false, error: 'no route' }, 404), says: SENTENCES.notFound },
  '405': { run: json({ success: false, error: 'method' }, 405), says: SENTENCES.backend },
  '409': { run: json({ success: false, error: 'conflict' }, 409), says: SENTENCES.backend },
  '418': { run: json({ success: false }, 418), says: SENTENCES.backend },
  '429 with Retry-After: 5': {
    run: json({ success: false }, 429, { 'retry-after': '5' }),
    says: SENTENCES.rateLimited,
  },
  '429 with Retry-After: 10^20': {
    run: json({ success: false }, 429, { 'retry-after': '100000000000000000000' }),
    says: SENTENCES.rateLimited,
  },
  '429 with Retry-After: 0': {
    run: json({ success: false }, 429, { 'retry-after': '0' }),
    says: SENTENCES.rateLimited,
  },
  '429 with a Retry-After date': {
    run: json({ success: false }, 429, { 'retry-after': 'Wed, 21 Oct 2099 07:28:00 GMT' }),
    says: SENTENCES.rateLimited,
  },
  '500 with an error body': { run: json({ success: false, error: 'db down' }, 500), says: SENTENCES.server },
  '502 as an HTML page': { run: text('<html><body>Bad Gateway</body></html>', 502), says: SENTENCES.server },
  '503 with an empty body': { run: text('', 503, 'text/plain'), says: SENTENCES.server },
  '504': { run: json({ success: false }, 504), says: SENTENCES.server },
  // Redirects and login pages: never followed, never read as an answer.
  '302 to a login page': {
    run: () => HttpResponse.redirect('http://localhost/typo3/login', 302),
    says: SENTENCES.sessionExpired,
  },
  '307 to another origin': {
    run: () => HttpResponse.redirect('https://elsewhere.example/run', 307),
    says: SENTENCES.sessionExpired,
  },
  '200 with a login page': { run: text(LOGIN_PAGE), says: SENTENCES.sessionExpired },
  '200 with a login page sent as NDJSON': {
    run: text(LOGIN_PAGE, 200, 'application/x-ndjson'),
    says: SENTENCES.sessionExpired,
  },
  // Bodies that are not the contract.
  '200 with an empty body': { run: text('', 200, 'application/json'), says: SENTENCES.invalidResponse },
  '200 with truncated JSON': {
    run: text('{"success":true,"finalCont', 200, 'application/json'),
    says: SENTENCES.invalidResponse,
  },
  '200 with JSON of the wrong shape': { run: json({ result: 'hello' }), says: SENTENCES.invalidResponse },
  '200 with a JSON array': { run: json([]), says: SENTENCES.invalidResponse },
  '200 with a JSON string': { run: json('hello'), says: SENTENCES.invalidResponse },
  '200 with plain text': { run: text('Here is your answer', 200, 'text/plain'), says: SENTENCES.invalidResponse },
  '200 with success: false and an error': { run: json({ success: false, error: 'quota' }), says: SENTENCES.backend },
  '200 with success: false alone': { run: json({ success: false }), says: SENTENCES.backend },
  '200 with an empty answer': {
    run: json({ success: true, finalContent: '', iterations: 1, truncated: false, usage }),
    says: SENTENCES.noAnswer,
  },
  '200 with PHP [] for usage': {
    run: json({ success: true, finalContent: 'Fine.', iterations: 1, truncated: false, usage: [] }),
    says: SENTENCES.done,
    keeps: 'Fine.',
  },
  '200 with a 50 kB server error text': {
    run: json({ success: false, error: 'x'.repeat(50_000) }),
    says: SENTENCES.backend,
  },
  // Streams.
  'a stream of garbage lines only': {
    run: ndjson(['not json', '{"broken', '42', '[]', 'null']),
    says: SENTENCES.connectionLost,
  },
  'garbage lines between the events': {
    run: ndjson([delta('Kept '), 'not json', '{"unclosed', delta('answer.'), done('Kept answer.')]),
    says: SENTENCES.done,
    keeps: 'Kept answer.',
  },
  'a stream that ends without a terminal event': {
    run: ndjson([delta('Half an ')]),
    says: SENTENCES.connectionLost,
    keeps: 'Half an',
  },
  'a stream that stalls': {
    run: ndjson([delta('Waiting ')], { open: true }),
    says: SENTENCES.connectionLost,
    keeps: 'Waiting',
    idleTimeoutMs: 200,
  },
  'a stream that sends only padding': {
    run: ndjson([delta('Padded '), ' '.repeat(4000), '', ' '.repeat(4000)], { open: true }),
    says: SENTENCES.connectionLost,
    keeps: 'Padded',
    idleTimeoutMs: 200,
  },
  'two terminal events': { run: ndjson([done('First.'), done('Second.')]), says: SENTENCES.done, keeps: 'First.' },
  'events after the terminal one': {
    run: ndjson([done('The end.'), delta(' and more'), { event: 'error', success: false, error: 'late' }]),
    says: SENTENCES.done,
    keeps: 'The end.',
  },
  'unknown events between the deltas': {
    run: ndjson([{ event: 'thinking', text: 'hmm' }, delta('Known.'), { event: 'heartbeat' }, done('Known.')]),
    says: SENTENCES.done,
    keeps: 'Known.',
  },
  'an unknown termination reason': {
    run: ndjson([done('Ended oddly.', { terminationReason: 'moon_phase' })]),
    says: SENTENCES.done,
    keeps: 'Ended oddly.',
  },
  'an unknown terminal event with success: false': {
    run: ndjson([delta('Part '), { event: 'exploded', success: false, error: 'kaput' }]),
    says: SENTENCES.backend,
    keeps: 'Part',
  },
  'an error event after a partial answer': {
    run: ndjson([delta('So far '), { event: 'error', success: false, error: 'model crashed' }]),
    says: SENTENCES.backend,
    keeps: 'So far',
  },
  'suspension for approval': {
    run: ndjson([{ event: 'awaiting_approval', success: true, runUuid: 'r1', pendingTools: [{ name: 'publish' }] }]),
    says: SENTENCES.approval,
  },
  'suspension for input': {
    run: ndjson([{ event: 'awaiting_input', success: true, runUuid: 'r2', inputRequest: { tool: 'ask_user' } }]),
    says: SENTENCES.input,
  },
  'a guardrail': {
    run: ndjson([{ event: 'guardrail_blocked', success: false, error: 'blocked' }]),
    says: SENTENCES.guardrail,
  },
  'cancelled by the server': {
    run: ndjson([delta('Begun '), { event: 'cancelled', success: false }]),
    says: SENTENCES.cancelled,
    keeps: 'Begun',
  },
  'a terminal event that does not fit the contract': {
    run: ndjson([delta('Text '), { event: 'done', success: true }]),
    says: SENTENCES.invalidResponse,
    keeps: 'Text',
  },
  'done with an empty answer': { run: ndjson([done('')]), says: SENTENCES.noAnswer },
  'invalid UTF-8 in a delta': {
    run: ndjson([
      new Uint8Array([
        ...new TextEncoder().encode('{"event":"delta","text":"caf'),
        0xff,
        0xfe,
        ...new TextEncoder().encode('"}\n'),
      ]),
      done('café'),
    ]),
    says: SENTENCES.done,
    keeps: 'café',
  },
  'deltas that are not objects or lack their text': {
    run: ndjson([
      '"text"',
      '42',
      'null',
      { event: 'delta' },
      { event: 'delta', text: 7 },
      delta('Real.'),
      done('Real.'),
    ]),
    says: SENTENCES.done,
    keeps: 'Real.',
  },
  'a started event without a run id': {
    run: ndjson([{ event: 'started' }, delta('Go.'), done('Go.')]),
    says: SENTENCES.done,
    keeps: 'Go.',
  },
  'steps of an unknown kind': {
    run: ndjson([{ event: 'step', step: { kind: 'dream', round: 1, durationMs: 3 } }, done('Woke.')]),
    says: SENTENCES.done,
    keeps: 'Woke.',
  },
  'more steps than the timeline keeps': {
    run: ndjson([
      ...Array.from({ length: 250 }, (_, i) => ({ event: 'step', step: { kind: 'llm', round: i, durationMs: 1 } })),
      done('Many steps.'),
    ]),
    says: /^…and 50 more$/,
    keeps: 'Many steps.',
  },
  'deeply nested JSON on one line': {
    run: ndjson([`${'['.repeat(100_000)}${']'.repeat(100_000)}`, delta('Deep.'), done('Deep.')]),
    says: SENTENCES.done,
    keeps: 'Deep.',
  },
  'a 5 MB line': {
    run: ndjson([delta('word '.repeat(1_000_000)), done('Long.')]),
    says: SENTENCES.done,
    keeps: 'Long.',
  },
  'a line past the 8 MB cap': {
    run: ndjson([delta('Before. '), delta('x'.repeat(9 * 1024 * 1024)), done('never')]),
    says: SENTENCES.invalidResponse,
    keeps: 'Before.',
  },
  'an answer past the 2 MB cap': {
    run: ndjson([delta('Start. '), delta('y'.repeat(2_100_000)), done(`Start. ${'y'.repeat(2_100_000)}`)]),
    says: /longer than the dialog keeps/,
    keeps: 'Start.',
  },
  'NDJSON sent as text/plain': {
    run: ndjson([delta('Plain.'), done('Plain.')], { type: 'text/plain' }),
    says: SENTENCES.invalidResponse,
  },
  'a network failure': { run: () => HttpResponse.error(), says: SENTENCES.network },
  // The tool list: its failure is said, and a task still runs without tools.
  'a tool list that fails with 500': {
    tools: json({ success: false, error: 'down' }, 500),
    says: SENTENCES.toolsFailed,
  },
  'a tool list that is a login page': {
    tools: text(LOGIN_PAGE),
    says: /session has expired|tools could not be loaded/,
  },
  'a tool list of the wrong shape': { tools: json({ success: true }), says: SENTENCES.toolsFailed },
  'a tool list with PHP [] for traits': {
    tools: json({ success: true, tools: [{ name: 'odd', traits: [] }] }),
    says: /Tools: 0 available, 1 withheld|0 available/,
  },
  'a tool list that cannot be reached': { tools: () => HttpResponse.error(), says: SENTENCES.toolsFailed },
  'a slow tool list (half a second)': {
    tools: async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return HttpResponse.json({ success: true, tools: [] });
    },
    says: /Tools: 0 available/,
  },
  'a tool list with a tool under a bidi override': {
    tools: json({
      success: true,
      tools: [
        {
          name: 'evil\u202Eloot',
          label: 'Search\u202E desrever',
          traits: {
            approvalMarker: false,
            remote: false,
            remoteApproval: null,
            effect: 'read_only',
            requiresInput: false,
          },
        },
      ],
    }),
    says: /Search⟨U\+202E⟩ desrever/,
  },
};

const errors = vi.fn();
beforeEach(() => {
  errors.mockClear();
  vi.spyOn(console, 'error').mockImplementation(errors);
});
afterEach(() => vi.restoreAllMocks());

describe(`${Object.keys(CASES).length} bad backends`, () => {
  it.each(Object.entries(CASES))('%s', async (_name, c) => {
    if (c.run) server.use(http.post('*/api/ask-ai/run', c.run));
    if (c.tools) server.use(http.get('*/api/ask-ai/tools', c.tools));
    // A tool list that fails is said in the administrator's view; an editor's tasks run without tools.
    const { user } = renderDialog({ idleTimeoutMs: c.idleTimeoutMs, onInsert: () => undefined, debug: true });
    const dialog = await openDialog(user);
    const answered = c.says === SENTENCES.done;
    if (c.tools && !c.run) {
      await waitFor(() => expect(within(dialog).getAllByText(c.says).length).toBeGreaterThan(0));
      // The task still runs, without tools.
      await runInstruction(user, INSTRUCTION);
      await settled();
      expect(within(dialog).getByRole('region', { name: 'Answer' })).toBeInTheDocument();
    } else {
      await runInstruction(user, INSTRUCTION);
      await settled();
      if (process.env.SHOW) process.stdout.write(`${dialog.textContent}\n`);
      // A complete answer says so by being there; anything else in a sentence of its own.
      if (answered) expect(dialog).toHaveAttribute('data-state', 'done');
      else await waitFor(() => expect(within(dialog).getAllByText(c.says).length).toBeGreaterThan(0));
    }
    if (process.env.SHOW) process.stdout.write(`${dialog.textContent}\n`);
    const box = screen.getByRole('textbox', { name: 'Instruction' });
    // The instruction stays until an answer to it is complete; then the box is free to refine it.
    expect(box).toHaveValue(dialog.getAttribute('data-state') === 'done' ? '' : INSTRUCTION);
    if (c.keeps) expect(within(dialog).getByRole('region', { name: 'Answer' })).toHaveTextContent(c.keeps);
    // Usable again: words can be sent (once a Retry-After countdown has run out), nothing reached the console.
    if (dialog.getAttribute('data-state') === 'done') await user.type(box, 'Shorter.');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    if (dialog.querySelector('[data-ask-ai-part="countdown"]')) expect(send).toBeDisabled();
    else expect(send).toBeEnabled();
    expect(errors).not.toHaveBeenCalled();
  });
});
