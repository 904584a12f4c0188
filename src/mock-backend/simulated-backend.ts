import { RunRequestSchema, type RunRequest } from '../contract/run-request';
import { createUnattendedFilter } from '../unattended';
import { FAULT_IDS, HTTP_FAULTS, httpFault, isFaultId, type FaultId } from './faults';
import { ndjsonStream, sleep as realSleep, type StreamItem } from './ndjson-writer';
import { CONFIGURATIONS, filterOfferable, traitsOf, type SimulatedConfiguration } from './policy';
import { REGISTRY_BY_NAME } from './registry';
import { scriptTask } from './scripted-model';
import { DEFAULT_STATE, mergeState, type SimulationState } from './simulation-state';

export interface SimulatedBackendOptions {
  /** Where the routes live: `{basePath}/tools`, `/run`, `/cancel`, `/simulation`. Default `/api/ask-ai`. */
  readonly basePath?: string;
  /** When set, every route but `/simulation` needs `?token=<value>` (as TYPO3's route token). */
  readonly requireToken?: string;
  /** Changes to the default state, applied at start and on every reset (`{ latency: 0 }` in tests). */
  readonly initialState?: Partial<Omit<SimulationState, 'operator'>> & {
    readonly operator?: Partial<SimulationState['operator']>;
  };
  /** Default: `crypto.randomUUID()`. */
  readonly createRunUuid?: () => string;
  /** How the backend waits (pacing, the `latency` fault). Inject it to test without waiting. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface SimulatedBackend {
  readonly basePath: string;
  /** Serves one request of the contract; never throws. */
  handle(request: Request): Promise<Response>;
  getState(): SimulationState;
  /** Merges a partial state; returns the new state, or the reason it was refused. */
  setState(patch: unknown): SimulationState | string;
  resetState(): SimulationState;
}

/** How long the `latency` fault holds an answer back. */
export const LATENCY_FAULT_MS = 3000;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const fail = (status: number, error: string) => json({ success: false, error }, status);

/** The request's JSON body, or a 400 answer when it is not JSON. */
async function readBody(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, body: JSON.parse(await request.text()) };
  } catch {
    return { ok: false, response: fail(400, 'The request body is not JSON.') };
  }
}

/** The answer pieces of a streamed run, a few words each. */
function pieces(answer: string): string[] {
  return (
    answer.match(/\S+\s*/g)?.reduce<string[]>((acc, word, i) => {
      if (i % 3 === 0) acc.push(word);
      else acc[acc.length - 1] += word;
      return acc;
    }, []) ?? []
  );
}

/**
 * A simulated nr-llm backend that serves the contract over any `Request`: the demo, Storybook,
 * the tests and the hosts' own tests talk to it through MSW or the Vite plugin.
 */
export function createSimulatedBackend(options: SimulatedBackendOptions = {}): SimulatedBackend {
  const basePath = (options.basePath ?? '/api/ask-ai').replace(/\/+$/, '');
  const initial = mergeState(DEFAULT_STATE, options.initialState ?? {});
  if (typeof initial === 'string') throw new TypeError(`ask-ai-dialog mocks: ${initial}`);
  let state: SimulationState = initial;
  const createRunUuid = options.createRunUuid ?? (() => globalThis.crypto.randomUUID());
  const sleep = options.sleep ?? realSleep;
  /** Runs that may still be cancelled, by `runUuid` and by `requestId`. */
  const runs = new Map<string, { cancelled: boolean; finished: boolean }>();

  function faultFor(request: Request, route: 'tools' | 'run'): FaultId | null {
    const header = request.headers.get('x-ask-ai-fault');
    const raw = header ?? state.fault;
    if (!raw) return null;
    const [target, id] = raw.startsWith('tools:') ? ['tools', raw.slice(6)] : [header ? route : 'run', raw];
    return target === route && isFaultId(id) ? id : null;
  }

  function configurationOf(identifier: string | undefined): SimulatedConfiguration | undefined {
    return CONFIGURATIONS.find((c) => c.identifier === (identifier || state.configuration));
  }

  async function tools(request: Request, url: URL): Promise<Response> {
    if (request.method !== 'GET') return fail(405, 'Use GET.');
    const fault = faultFor(request, 'tools');
    if (fault === 'latency') await sleep(LATENCY_FAULT_MS, request.signal);
    if (fault && HTTP_FAULTS.has(fault)) return httpFault(fault);
    if (state.user === 'no-grant') return fail(403, 'You are not allowed to use AI tasks.');
    const configuration = configurationOf(url.searchParams.get('configuration') ?? undefined);
    if (!configuration) return fail(404, 'The configuration does not exist.');
    if (fault === 'schema-violation') return json({ success: true, configuration: configuration.identifier });
    const names = filterOfferable(null, configuration, state.user, state.operator);
    const traits = names.map((name) => traitsOf(REGISTRY_BY_NAME.get(name)!, state.operator));
    const entries = traits.map(({ name, ...rest }) => {
      const tool = REGISTRY_BY_NAME.get(name)!;
      return {
        name,
        description: tool.description,
        group: tool.group,
        label: tool.label,
        dataClass: tool.dataClass,
        traits: rest,
        ...tool.hints,
      };
    });
    return json({
      success: true,
      configuration: configuration.identifier,
      tools: entries,
      unattended: createUnattendedFilter(traits).unattended(names),
    });
  }

  async function run(request: Request): Promise<Response> {
    if (request.method !== 'POST') return fail(405, 'Use POST.');
    const fault = faultFor(request, 'run');
    if (fault === 'latency') await sleep(LATENCY_FAULT_MS, request.signal);
    if (fault && HTTP_FAULTS.has(fault)) return httpFault(fault);
    if (state.user === 'no-grant') return fail(403, 'You are not allowed to use AI tasks.');
    const read = await readBody(request);
    if (!read.ok) return read.response;
    const parsed = RunRequestSchema.safeParse(read.body);
    if (!parsed.success)
      return fail(400, 'The request needs a prompt, a tools list (possibly empty), stream and a requestId.');
    const req = parsed.data;
    const configuration = configurationOf(req.configuration);
    if (!configuration) return fail(404, 'The configuration does not exist.');
    if (req.prompt.trim() === '') return fail(400, 'Invalid configuration or prompt');
    const streamed = req.stream && /application\/x-ndjson/i.test(request.headers.get('accept') ?? '');
    return respond(req, configuration, fault, streamed, request.signal);
  }

  function respond(
    req: RunRequest,
    configuration: SimulatedConfiguration,
    fault: FaultId | null,
    streamed: boolean,
    signal: AbortSignal,
  ): Response {
    // The server-side re-check: the request is a request, not an authority (CONTRACT.md §2).
    const requested = [...new Set(req.tools)];
    const allowed = filterOfferable(requested, configuration, state.user, state.operator);
    const offered = createUnattendedFilter(
      allowed.map((name) => traitsOf(REGISTRY_BY_NAME.get(name)!, state.operator)),
    ).unattended(allowed);
    const script = scriptTask(req.prompt, req.context, offered);
    const runUuid = createRunUuid();
    const record = { cancelled: false, finished: false };
    runs.set(runUuid, record);
    runs.set(req.requestId, record);
    // Keep the last runs only: a long demo session must not grow without bound.
    while (runs.size > 200) runs.delete(runs.keys().next().value as string);
    const extended = state.protocol === 'extended';
    const step = state.latency;

    const steps: Record<string, unknown>[] = [{ kind: 'request', round: 0, durationMs: 3 }];
    const rounds = script.toolCalls.length > 0 ? 2 : 1;
    steps.push({
      kind: 'llm',
      round: 1,
      durationMs: 640,
      ...(script.toolCalls.length > 0
        ? { requestedToolCalls: script.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })) }
        : {}),
    });
    for (const call of script.toolCalls) {
      steps.push({
        kind: 'tool',
        round: 1,
        durationMs: 120,
        toolName: call.name,
        toolArguments: call.arguments,
        toolIsError: call.isError,
        toolResult: call.result.slice(0, 400),
      });
    }
    if (rounds === 2) steps.push({ kind: 'llm', round: 2, durationMs: 910 });

    const answer = fault === 'budget-exhausted' ? '' : script.answer;
    const usage = {
      promptTokens: Math.ceil((req.prompt.length + JSON.stringify(req.context ?? {}).length) / 4),
      completionTokens: Math.ceil(answer.length / 4),
      totalTokens: 0,
      estimatedCost: null,
    };
    usage.totalTokens = usage.promptTokens + usage.completionTokens;
    const terminal = terminalEvent(fault, { answer, rounds, usage, runUuid, requestId: req.requestId, extended });

    const items: StreamItem[] = [];
    items.push(
      extended
        ? { delay: 0, event: { event: 'started', runUuid } }
        : {
            delay: 0,
            event: {
              event: 'context',
              contextClassification: { dataClass: 'editorContent', zone: configuration.trustZone },
            },
          },
    );
    const stepsShown = fault?.startsWith('suspend')
      ? steps.slice(0, 2)
      : fault === 'guardrail'
        ? steps.slice(0, 1)
        : steps;
    for (const s of stepsShown) items.push({ delay: step, event: { event: 'step', step: s } });
    const deltas = extended && terminal.event === 'done' ? pieces(answer) : [];
    for (const text of deltas) items.push({ delay: Math.round(step / 10), event: { event: 'delta', text } });

    if (fault === 'truncated-stream') {
      items.splice(Math.max(2, items.length - Math.ceil(deltas.length / 2)));
      items.push({ delay: step, raw: '{"event":"delta","te' });
    } else if (fault !== 'no-terminal' && fault !== 'stalled-stream') {
      items.push({ delay: step, event: terminal });
    }
    if (fault === 'stalled-stream') items.splice(Math.max(2, items.length - Math.ceil(deltas.length / 2)));

    if (!streamed) return unstreamed(terminal, stepsShown, extended, record);
    const body = ndjsonStream(items, signal, {
      sleep,
      stall: fault === 'stalled-stream',
      onEnd: () => {
        record.finished = true;
      },
      shouldCancel: () => record.cancelled,
      onCancelled: () => ({ event: 'cancelled', success: false, status: 'cancelled', error: 'The run was cancelled.' }),
    });
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/x-ndjson', 'X-Accel-Buffering': 'no', 'Cache-Control': 'no-cache' },
    });
  }

  function unstreamed(
    terminal: Record<string, unknown>,
    steps: readonly unknown[],
    extended: boolean,
    record: { finished: boolean },
  ): Response {
    record.finished = true;
    const { event, ...rest } = terminal;
    if (event === 'done') return json({ ...rest, ...(extended ? { status: 'completed' } : {}), steps });
    if (event === 'error' || event === 'lease_lost') return json({ success: false, error: rest.error }, 500);
    return json({ ...rest, status: event, steps });
  }

  function terminalEvent(
    fault: FaultId | null,
    run: {
      answer: string;
      rounds: number;
      usage: Record<string, unknown>;
      runUuid: string;
      requestId: string;
      extended: boolean;
    },
  ): Record<string, unknown> & { event: string } {
    const runUuid = run.extended ? { runUuid: run.runUuid } : {};
    switch (fault) {
      case 'suspend-approval':
      case 'suspend-approval-no-uuid':
        return {
          event: 'awaiting_approval',
          success: true,
          ...(fault === 'suspend-approval' ? { runUuid: run.runUuid } : {}),
          pendingTools: [{ name: 'update_page_metadata', arguments: { uid: 12, title: 'New title' } }],
          turnDigest: 'sim-digest',
        };
      case 'suspend-input':
        return {
          event: 'awaiting_input',
          success: true,
          runUuid: run.runUuid,
          inputRequest: { tool: 'ask_editor_for_tone', schema: [] },
          turnDigest: 'sim-digest',
        };
      case 'guardrail':
        return {
          event: 'guardrail_blocked',
          success: false,
          status: 'guardrail_blocked',
          guardrail: 'personal-data',
          error: 'The guardrail blocked this request: it contains personal data.',
        };
      case 'lease-lost':
        return { event: 'lease_lost', success: false, error: 'The run lost its lease to another worker.' };
      case 'cancelled':
        return { event: 'cancelled', success: false, status: 'cancelled', error: 'The run was cancelled.' };
      case 'schema-violation':
        return { event: 'done', success: true, iterations: run.rounds, truncated: false, usage: run.usage };
      case 'budget-exhausted':
        return {
          event: 'done',
          success: true,
          finalContent: '',
          iterations: run.rounds,
          truncated: true,
          dryRun: false,
          usage: run.usage,
          ...(run.extended ? { terminationReason: 'budget_exhausted', ...runUuid } : {}),
        };
      default:
        return {
          event: 'done',
          success: true,
          finalContent: run.answer,
          iterations: run.rounds,
          truncated: false,
          dryRun: false,
          usage: run.usage,
          ...(run.extended
            ? { terminationReason: 'completed', ...runUuid, correlationId: `corr-${run.requestId}` }
            : {}),
        };
    }
  }

  async function cancel(request: Request): Promise<Response> {
    if (request.method !== 'POST') return fail(405, 'Use POST.');
    if (state.user === 'no-grant') return fail(403, 'You are not allowed to use AI tasks.');
    const read = await readBody(request);
    if (!read.ok) return read.response;
    const body = read.body as { runUuid?: unknown; requestId?: unknown } | null;
    const key =
      typeof body?.runUuid === 'string' ? body.runUuid : typeof body?.requestId === 'string' ? body.requestId : null;
    if (key === null) return fail(400, 'Name the run by runUuid or requestId.');
    const record = runs.get(key);
    if (!record || record.finished) return json({ success: true, cancelled: false });
    record.cancelled = true;
    return json({ success: true, cancelled: true });
  }

  async function simulation(request: Request): Promise<Response> {
    if (request.method === 'GET')
      return json({ ...state, faults: FAULT_IDS, configurations: CONFIGURATIONS.map((c) => c.identifier) });
    if (request.method === 'DELETE') return json(backend.resetState());
    if (request.method === 'PUT' || request.method === 'PATCH') {
      const read = await readBody(request);
      if (!read.ok) return read.response;
      const next = backend.setState(read.body);
      return typeof next === 'string' ? fail(400, next) : json(next);
    }
    return fail(405, 'Use GET, PUT or DELETE.');
  }

  const backend: SimulatedBackend = {
    basePath,
    async handle(request) {
      try {
        const url = new URL(request.url);
        if (!url.pathname.startsWith(`${basePath}/`)) return fail(404, 'Not a route of the simulated backend.');
        const route = url.pathname.slice(basePath.length + 1);
        if (route === 'simulation') return await simulation(request);
        if (options.requireToken !== undefined && url.searchParams.get('token') !== options.requireToken)
          return fail(403, 'Invalid or missing request token.');
        if (route === 'tools') return await tools(request, url);
        if (route === 'run') return await run(request);
        if (route === 'cancel') return await cancel(request);
        return fail(404, `No route "${route}".`);
      } catch (error) {
        return fail(500, `The simulated backend failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    getState: () => state,
    setState(patch) {
      const next = mergeState(state, patch);
      if (typeof next === 'string') return next;
      if (next.fault !== null && !isFaultId(next.fault.replace(/^tools:/, '')))
        return `fault must be one of ${FAULT_IDS.join(', ')} (optionally prefixed "tools:").`;
      state = next;
      return state;
    },
    resetState() {
      state = initial as SimulationState;
      runs.clear();
      return state;
    },
  };
  return backend;
}
