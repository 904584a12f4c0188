import { OutcomeRequestSchema, type OutcomeRequest } from '../contract/outcome';
import { RunRequestSchema } from '../contract/run-request';
import { createUnattendedFilter } from '../unattended';
import { FAULT_IDS, FAULTS, HTTP_FAULTS, httpFault, isFaultId, type FaultId } from './faults';
import { fail, json, readJsonRequest } from './json-response';
import { sleep as realSleep } from './ndjson-writer';
import { CONFIGURATIONS, filterOfferable, traitsOf, type SimulatedConfiguration } from './policy';
import { REGISTRY_BY_NAME } from './registry';
import { runAnswer, type RunRecord } from './run-answer';
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
  /**
   * How long the `latency` fault holds an answer back. Default {@link LATENCY_FAULT_MS}; a story that shows
   * the waiting state holds it longer than anyone looks (the request's abort still ends it).
   */
  readonly latencyFaultMs?: number;
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
  const latencyFaultMs = options.latencyFaultMs ?? LATENCY_FAULT_MS;
  /** Runs that may still be cancelled, by `runUuid` and by `requestId`. */
  const runs = new Map<string, RunRecord>();
  /** The editors' verdicts, newest last. */
  let outcomes: OutcomeRequest[] = [];

  /** The fault for a route: a header hits the route it goes to, a standing one the run (or `tools:…`, `outcome:…`). */
  function faultFor(request: Request, route: 'tools' | 'run' | 'outcome'): FaultId | null {
    const header = request.headers.get('x-ask-ai-fault');
    const raw = header ?? state.fault;
    if (!raw) return null;
    const prefixed = /^(tools|outcome):(.*)$/.exec(raw);
    const [target, id] = prefixed ? [prefixed[1], prefixed[2] ?? ''] : [header ? route : 'run', raw];
    return target === route && isFaultId(id) ? id : null;
  }

  /** `POST {outcome}`: the editor's verdict, recorded (the last 20 show in `GET /simulation`). */
  async function outcome(request: Request): Promise<Response> {
    if (request.method !== 'POST') return fail(405, 'Use POST.');
    const fault = faultFor(request, 'outcome');
    if (fault && HTTP_FAULTS.has(fault)) return httpFault(fault);
    if (state.user === 'no-grant') return fail(403, 'You are not allowed to use AI tasks.');
    const read = await readJsonRequest(request);
    if (!read.ok) return read.response;
    const parsed = OutcomeRequestSchema.safeParse(read.body);
    if (!parsed.success) return fail(400, 'Send { correlationId, outcome: "helpful" | "not_helpful" }.');
    outcomes = [...outcomes, { ...parsed.data }].slice(-20);
    return json({ success: true, outcome: parsed.data.outcome });
  }

  function configurationOf(identifier: string | undefined): SimulatedConfiguration | undefined {
    return CONFIGURATIONS.find((c) => c.identifier === (identifier || state.configuration));
  }

  async function tools(request: Request, url: URL): Promise<Response> {
    if (request.method !== 'GET') return fail(405, 'Use GET.');
    const fault = faultFor(request, 'tools');
    if (fault === 'latency') await sleep(latencyFaultMs, request.signal);
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
    if (fault === 'latency') await sleep(latencyFaultMs, request.signal);
    if (fault && HTTP_FAULTS.has(fault)) return httpFault(fault);
    if (state.user === 'no-grant') return fail(403, 'You are not allowed to use AI tasks.');
    const read = await readJsonRequest(request);
    if (!read.ok) return read.response;
    const parsed = RunRequestSchema.safeParse(read.body);
    if (!parsed.success)
      return fail(400, 'The request needs a prompt, a tools list (possibly empty), stream and a requestId.');
    const req = parsed.data;
    const configuration = configurationOf(req.configuration);
    if (!configuration) return fail(404, 'The configuration does not exist.');
    if (req.prompt.trim() === '') return fail(400, 'Invalid configuration or prompt');
    const streamed = req.stream && /application\/x-ndjson/i.test(request.headers.get('accept') ?? '');
    const runUuid = createRunUuid();
    const record: RunRecord = { cancelled: false, finished: false };
    runs.set(runUuid, record);
    runs.set(req.requestId, record);
    // Keep the last runs only: a long demo session must not grow without bound.
    while (runs.size > 200) runs.delete(runs.keys().next().value as string);
    return runAnswer({
      request: req,
      configuration,
      state,
      fault,
      streamed,
      signal: request.signal,
      runUuid,
      record,
      sleep,
    });
  }

  async function cancel(request: Request): Promise<Response> {
    if (request.method !== 'POST') return fail(405, 'Use POST.');
    if (state.user === 'no-grant') return fail(403, 'You are not allowed to use AI tasks.');
    const read = await readJsonRequest(request);
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
    if (request.method === 'GET') {
      const configurations = CONFIGURATIONS.map((c) => c.identifier);
      return json({ ...state, faults: FAULT_IDS, faultDescriptions: FAULTS, configurations, outcomes });
    }
    if (request.method === 'DELETE') return json(backend.resetState());
    if (request.method === 'PUT' || request.method === 'PATCH') {
      const read = await readJsonRequest(request);
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
        if (route === 'outcome') return await outcome(request);
        return fail(404, `No route "${route}".`);
      } catch (error) {
        return fail(500, `The simulated backend failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    getState: () => state,
    setState(patch) {
      const next = mergeState(state, patch);
      if (typeof next === 'string') return next;
      if (next.fault !== null && !isFaultId(next.fault.replace(/^(tools|outcome):/, '')))
        return `fault must be one of ${FAULT_IDS.join(', ')} (optionally prefixed "tools:" or "outcome:").`;
      state = next;
      return state;
    },
    resetState() {
      state = initial as SimulationState;
      runs.clear();
      outcomes = [];
      return state;
    },
  };
  return backend;
}
