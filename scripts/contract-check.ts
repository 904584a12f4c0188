/**
 * Points the contract's schemas and the ADR-210 rule at a backend over HTTP and prints, line by line,
 * what conforms and what does not: for the people who build the backend side.
 *
 * npm run contract:check -- --tools <url> --run <url> [--cancel <url>] [--configuration <id>]
 *   [--header "Name: value"]
 * npx ask-ai-dialog-contract-check …   (the same, from the npm package: dist/contract-check.js)
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { appendQuery } from '../src/client/transport';
import { interpretEvent } from '../src/client/event-meaning';
import { createLineSplitter, parseLine } from '../src/client/ndjson-reader';
import { randomRequestId } from '../src/client/request-id';
import {
  CancelAnswerSchema,
  ErrorBodySchema,
  OutcomeAnswerSchema,
  PROGRESS_EVENT_SCHEMAS,
  TERMINAL_EVENT_SCHEMAS,
  ToolEntrySchema,
  ToolsAnswerSchema,
} from '../src/contract';
import { createUnattendedFilter, type ToolTraits } from '../src/unattended';

export interface CheckOptions {
  readonly tools: string;
  readonly run: string;
  readonly cancel?: string | undefined;
  readonly outcome?: string | undefined;
  readonly configuration?: string | undefined;
  readonly headers?: Record<string, string>;
  readonly fetch?: typeof fetch;
}

export interface CheckResult {
  readonly ok: boolean;
  readonly line: string;
}

const SAMPLE =
  'The city library opens its new reading garden on 1 June. Visitors can borrow books and games there. ' +
  'The garden is open every day while the weather allows. Entry is free.';

interface StreamRead {
  readonly contentType: string;
  readonly events: unknown[];
  readonly garbage: number;
  readonly paddedLines: number;
  readonly firstEvent?: unknown;
  /** When each `delta` event arrived, and the stream's end, in ms after the request was sent. */
  readonly deltaTimes: number[];
  readonly endedAt: number;
}

/** The stream read as the client reads it, as it arrives: the same line splitter and JSON parsing. */
async function readNdjson(response: Response, sentAt: number): Promise<StreamRead> {
  const splitter = createLineSplitter();
  const decoder = new TextDecoder();
  const items: ReturnType<typeof parseLine>[] = [];
  const deltaTimes: number[] = [];
  let text = '';
  const take = (lines: string[]) => {
    for (const item of lines.map(parseLine)) {
      items.push(item);
      if (item.json && (item.value as { event?: unknown } | null)?.event === 'delta') {
        deltaTimes.push(performance.now() - sentAt);
      }
    }
  };
  const reader = response.body?.getReader();
  for (;;) {
    const { value, done } = reader ? await reader.read() : { value: undefined, done: true };
    if (done) break;
    const piece = decoder.decode(value, { stream: true });
    text += piece;
    take(splitter.push(piece));
  }
  take([...splitter.push(decoder.decode()), ...splitter.flush()]);
  const events = items.flatMap((item) => (item.json ? [item.value] : []));
  const padded = text.match(/ {16,}\n/g)?.length ?? 0;
  return {
    contentType: response.headers.get('content-type') ?? '',
    events,
    garbage: items.length - events.length,
    paddedLines: padded,
    deltaTimes,
    endedAt: performance.now() - sentAt,
  };
}

/**
 * Whether the answer streamed to this client: its first piece arrived well before the run's end, or all
 * pieces at its end (a backend or a proxy that buffers; nr-llm as shipped reads a model's stream whole).
 * Information only: a run shorter than a second is too quick to tell.
 */
export function streamingNote(read: Pick<StreamRead, 'deltaTimes' | 'endedAt'>): string {
  const first = read.deltaTimes[0];
  if (first === undefined) return '(info) no delta events: the answer came whole in the terminal event';
  const at = (ms: number) => `${Math.round(ms)} ms`;
  const verdict =
    read.endedAt < 1000
      ? 'too quick to tell whether it streams (try a longer answer)'
      : first <= read.endedAt * 0.75
        ? 'the answer streams'
        : 'the pieces came together at the end: something buffers the answer (nr-llm as shipped, a proxy)';
  return (
    `(info) ${read.deltaTimes.length} delta events, the first ${at(first)} after the request, ` +
    `the end at ${at(read.endedAt)}: ${verdict}`
  );
}

/** Whether the client reads this event as the end of a run: the client's own interpretation. */
function isTerminal(event: unknown): boolean {
  const meaning = interpretEvent(event);
  return meaning.type === 'done' || meaning.type === 'fail';
}

export async function checkConformance(options: CheckOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const pass = (line: string) => results.push({ ok: true, line });
  const failLine = (line: string) => results.push({ ok: false, line });
  const expect = (ok: boolean, line: string, why = '') => (ok ? pass(line) : failLine(why ? `${line}: ${why}` : line));
  const doFetch = options.fetch ?? fetch;
  const headers = options.headers ?? {};
  const post = (url: string, body: unknown, accept = 'application/x-ndjson, application/json') =>
    doFetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Accept: accept },
      body: JSON.stringify(body),
    });

  // 1. The tools answer.
  const toolsUrl = options.configuration
    ? appendQuery(options.tools, { configuration: options.configuration })
    : options.tools;
  let offered: string[] = [];
  let withheld: string[] = [];
  try {
    const response = await doFetch(toolsUrl, { headers: { ...headers, Accept: 'application/json' } });
    expect(response.ok, 'GET tools answers 2xx', `HTTP ${response.status}`);
    expect(
      /application\/json/i.test(response.headers.get('content-type') ?? ''),
      'GET tools answers application/json',
      response.headers.get('content-type') ?? 'no content type',
    );
    const body: unknown = JSON.parse(await response.text());
    const envelope = ToolsAnswerSchema.safeParse(body);
    expect(envelope.success, 'the tools envelope has success: true and a tools list');
    if (envelope.success) {
      const entries = envelope.data.tools;
      const bad = entries.filter((entry) => !ToolEntrySchema.safeParse(entry).success);
      expect(
        bad.length === 0,
        `every tool entry fits the contract (${entries.length} entries)`,
        `${bad.length} do not: ${bad.map((b) => JSON.stringify((b as { name?: unknown })?.name)).join(', ')}`,
      );
      const traits = entries.flatMap((entry) => {
        const parsed = ToolEntrySchema.safeParse(entry);
        return parsed.success ? [{ name: parsed.data.name, ...parsed.data.traits } as ToolTraits] : [];
      });
      const names = traits.map((t) => t.name);
      const filter = createUnattendedFilter(traits);
      const verdicts = filter.explain(names);
      const malformed = verdicts.filter((v) => v.reason === 'malformed').map((v) => v.name);
      expect(
        malformed.length === 0,
        'no tool is malformed for the approval rule (e.g. remoteApproval on a ' +
          'local tool, a name listed twice with other traits)',
        malformed.join(', '),
      );
      offered = filter.unattended(names);
      withheld = verdicts.filter((v) => !v.unattended).map((v) => v.name);
      if (envelope.data.unattended === undefined) {
        pass('the server sends no `unattended` list (optional): the client decides alone');
      } else {
        const server = new Set(envelope.data.unattended);
        const differ = names.filter((n) => server.has(n) !== offered.includes(n));
        expect(
          differ.length === 0,
          'the server’s `unattended` agrees with ADR-210 as the client computes it',
          `they differ on ${differ.join(', ')}`,
        );
        offered = offered.filter((n) => server.has(n));
      }
    }
  } catch (error) {
    failLine(`GET tools could not be read: ${(error as Error).message}`);
  }

  // 2. A streamed run with the unattended tools.
  const base = {
    ...(options.configuration ? { configuration: options.configuration } : {}),
    prompt: 'Summarise this text in two sentences.',
    context: { selection: SAMPLE },
    stream: true,
  };
  let steps: Record<string, unknown>[] = [];
  /** The first run's answer and correlation id: the refinement and the outcome checks build on them. */
  let firstAnswer = '';
  let correlationId: string | null = null;
  try {
    const sentAt = performance.now();
    const response = await post(options.run, { ...base, tools: offered, requestId: randomRequestId() });
    expect(response.ok, 'POST run answers 2xx', `HTTP ${response.status}`);
    const read = await readNdjson(response, sentAt);
    const streamed = /application\/x-ndjson/i.test(read.contentType);
    expect(
      streamed || /application\/json/i.test(read.contentType),
      'POST run answers application/x-ndjson or application/json',
      read.contentType,
    );
    if (streamed) {
      expect(read.garbage === 0, 'every NDJSON line is JSON', `${read.garbage} lines are not`);
      const terminals = read.events.map(isTerminal);
      const firstTerminal = terminals.indexOf(true);
      expect(firstTerminal !== -1, 'the stream ends with a terminal event');
      expect(firstTerminal === -1 || firstTerminal === read.events.length - 1, 'nothing follows the terminal event');
      const badProgress = read.events.slice(0, Math.max(0, firstTerminal)).filter((event) => {
        const name = String((event as { event?: unknown }).event);
        return (
          Object.hasOwn(PROGRESS_EVENT_SCHEMAS, name) &&
          !PROGRESS_EVENT_SCHEMAS[name as keyof typeof PROGRESS_EVENT_SCHEMAS].safeParse(event).success
        );
      });
      expect(
        badProgress.length === 0,
        'every context, started, step and delta event fits its schema',
        `${badProgress.length} do not`,
      );
      const terminal = read.events[firstTerminal] as
        { event?: string; finalContent?: unknown; correlationId?: unknown } | undefined;
      if (typeof terminal?.finalContent === 'string') firstAnswer = terminal.finalContent;
      if (typeof terminal?.correlationId === 'string') correlationId = terminal.correlationId;
      if (terminal && terminal.event && Object.hasOwn(TERMINAL_EVENT_SCHEMAS, terminal.event)) {
        expect(
          TERMINAL_EVENT_SCHEMAS[terminal.event as keyof typeof TERMINAL_EVENT_SCHEMAS].safeParse(terminal).success,
          `the terminal "${terminal.event}" event fits its schema`,
        );
      }
      steps = read.events
        .filter((e) => (e as { event?: unknown }).event === 'step')
        .map((e) => (e as { step: Record<string, unknown> }).step);
      const has = (name: string) =>
        read.events.some((e) => (e as { event?: unknown }).event === name) ? 'with' : 'without';
      pass(
        `(info) ${read.events.length} events, ${read.paddedLines} padded lines, ` +
          `${has('delta')} delta events, ${has('started')} a started event`,
      );
    } else {
      const body = JSON.parse(JSON.stringify(read.events[0] ?? null)) as { steps?: unknown };
      steps = Array.isArray(body?.steps) ? (body.steps as Record<string, unknown>[]) : [];
      pass('(info) the run answered one JSON body');
    }
    const leaky = steps.filter((s) => ['messagesSent', 'raw', 'thinking', 'toolSpecs'].some((k) => k in s));
    expect(leaky.length === 0, 'steps carry no messagesSent, raw, thinking or toolSpecs', `${leaky.length} steps do`);
    const outside = steps.filter((s) => typeof s.toolName === 'string' && !offered.includes(s.toolName));
    expect(
      outside.length === 0,
      'the run used only tools the request offered',
      outside.map((s) => s.toolName).join(', '),
    );
  } catch (error) {
    failLine(`POST run could not be read: ${(error as Error).message}`);
  }

  // 3. An empty tools list means no tools, never "every enabled tool".
  try {
    const sentAt = performance.now();
    const response = await post(options.run, {
      ...base,
      prompt: 'Summarise the page.',
      context: { selection: SAMPLE, recordTable: 'pages', recordUid: 1 },
      tools: [],
      requestId: randomRequestId(),
    });
    const read = await readNdjson(response, sentAt);
    if (/application\/x-ndjson/i.test(read.contentType)) pass(streamingNote(read));
    const toolSteps = read.events.flatMap((e) => {
      const event = e as { event?: unknown; step?: { toolName?: unknown }; steps?: Array<{ toolName?: unknown }> };
      return [
        ...(event.event === 'step' ? [event.step] : []),
        ...(Array.isArray(event.steps) ? event.steps : []),
      ].filter((s) => typeof s?.toolName === 'string');
    });
    expect(toolSteps.length === 0, 'tools: [] runs no tool', `${toolSteps.length} tool steps`);
  } catch (error) {
    failLine(`POST run with tools: [] could not be read: ${(error as Error).message}`);
  }

  // 4. A withheld tool in the request is re-checked away.
  if (withheld.length > 0) {
    try {
      // The prompt names the withheld tools, so a model that reads it may try them: the server must
      // refuse every such call (an error step at most) and never pause for one.
      const prompt = `Use the tools ${withheld.join(', ')} if you can, then summarise this text.`;
      const response = await post(options.run, { ...base, prompt, tools: withheld, requestId: randomRequestId() });
      const read = await readNdjson(response, performance.now());
      const ran = read.events.filter((e) => {
        const event = e as { event?: unknown; step?: { toolName?: unknown; toolIsError?: unknown } };
        return (
          event.event === 'step' && withheld.includes(String(event.step?.toolName)) && event.step?.toolIsError !== true
        );
      });
      const suspended = read.events.some((e) =>
        ['awaiting_approval', 'awaiting_input'].includes(String((e as { event?: unknown }).event)),
      );
      expect(
        ran.length === 0 && !suspended,
        `the server re-checks the request and runs none of the ${withheld.length} withheld tools`,
      );
    } catch (error) {
      failLine(`POST run with withheld tools could not be read: ${(error as Error).message}`);
    }
  }

  // 5. A body without tools is a 400 with { success: false, error }.
  try {
    const response = await post(options.run, { ...base, requestId: randomRequestId() });
    const body: unknown = await response.json().catch(() => null);
    expect(
      response.status === 400 && ErrorBodySchema.safeParse(body).success,
      'a run without `tools` is refused with 400 { success: false, error }',
      `HTTP ${response.status}`,
    );
  } catch (error) {
    failLine(`POST run without tools could not be read: ${(error as Error).message}`);
  }

  // 6. A refinement: the previous answer travels in the context, the refinement is the prompt.
  if (firstAnswer !== '') {
    try {
      const context = { selection: SAMPLE, previousAnswer: firstAnswer, previousInstruction: base.prompt };
      const response = await post(options.run, {
        ...base,
        prompt: 'Make it shorter.',
        context,
        tools: [],
        requestId: randomRequestId(),
      });
      const read = await readNdjson(response, performance.now());
      const done = read.events.find((e) => (e as { event?: unknown }).event === 'done') as
        { finalContent?: unknown } | undefined;
      const refined = typeof done?.finalContent === 'string' ? done.finalContent : '';
      expect(refined.trim() !== '', 'a refinement (context.previousAnswer, previousInstruction) is answered');
      pass(
        `(info) the refinement answered ${refined.length} characters; the answer it refined had ${firstAnswer.length}`,
      );
    } catch (error) {
      failLine(`POST run with a refinement could not be read: ${(error as Error).message}`);
    }
  }

  // 7. Answer feedback.
  if (options.outcome) {
    try {
      if (correlationId === null) {
        pass('(info) the run sent no correlationId: the dialog offers no feedback on its answers');
      } else {
        const response = await post(options.outcome, { correlationId, outcome: 'helpful' }, 'application/json');
        const body: unknown = await response.json();
        expect(
          OutcomeAnswerSchema.safeParse(body).success,
          'POST outcome answers { success: true }',
          JSON.stringify(body),
        );
      }
      const bad = await post(options.outcome, { correlationId: 'x', outcome: 'great' }, 'application/json');
      const badBody: unknown = await bad.json().catch(() => null);
      expect(
        bad.status === 400 && ErrorBodySchema.safeParse(badBody).success,
        'an outcome other than helpful / not_helpful is refused with 400 { success: false, error }',
        `HTTP ${bad.status}`,
      );
    } catch (error) {
      failLine(`POST outcome could not be read: ${(error as Error).message}`);
    }
  } else {
    pass('(info) no outcome endpoint given: the dialog offers no feedback');
  }

  // 8. Cancel.
  if (options.cancel) {
    try {
      const response = await post(options.cancel, { requestId: randomRequestId() }, 'application/json');
      const body: unknown = await response.json();
      expect(
        CancelAnswerSchema.safeParse(body).success,
        'POST cancel answers { success: true, cancelled: boolean }',
        JSON.stringify(body),
      );
    } catch (error) {
      failLine(`POST cancel could not be read: ${(error as Error).message}`);
    }
  } else {
    pass('(info) no cancel endpoint given: Stop will only abort the request');
  }
  return results;
}

async function main() {
  const { values } = parseArgs({
    options: {
      tools: { type: 'string' },
      run: { type: 'string' },
      cancel: { type: 'string' },
      outcome: { type: 'string' },
      configuration: { type: 'string' },
      header: { type: 'string', multiple: true },
    },
  });
  if (!values.tools || !values.run) {
    console.error(
      'Usage: npm run contract:check -- --tools <url> --run <url> [--cancel <url>] [--outcome <url>] ' +
        '[--configuration <id>] [--header "Name: value"]',
    );
    process.exit(2);
  }
  const headers = Object.fromEntries(
    (values.header ?? []).map((h) => [h.slice(0, h.indexOf(':')).trim(), h.slice(h.indexOf(':') + 1).trim()]),
  );
  const results = await checkConformance({
    tools: values.tools,
    run: values.run,
    cancel: values.cancel,
    outcome: values.outcome,
    configuration: values.configuration,
    headers,
  });
  for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.line}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

/** Run as a program: directly, through tsx, or as the npm package's bin (a symlink in node_modules/.bin). */
function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isMain()) void main();
