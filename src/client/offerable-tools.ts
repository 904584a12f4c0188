import {
  ServerWithheldSchema,
  ToolEntrySchema,
  ToolsAnswerSchema,
  type ServerWithheldReason,
  type ToolEntry,
} from '../contract/tool-list';
import { createUnattendedFilter, type ToolTraits, type WithheldReason } from '../unattended';
import { AskAiRequestError } from './failure';
import { readJsonAnswer } from './http-answer';
import { DEFAULT_TOOLS_TIMEOUT_MS, GLOBAL_TIMERS, type Timers } from './idle-timeout';
import { appendQuery, type AskAiEndpoints, type Transport } from './transport';

const ABORTED = new Error('aborted');

/** A tool the dialog may offer the model. */
export interface OfferedTool {
  readonly name: string;
  readonly label: string | null;
  readonly description: string | null;
  readonly group: string | null;
}

/**
 * Why a tool is withheld: the filter's reasons; the server's own ADR-210 answer left it out
 * (`serverDisagrees`); or the server keeps it from editors' text (`notForEditors`, `dataClass`, `notAllowed`).
 */
export type WithheldToolReason = WithheldReason | 'serverDisagrees' | ServerWithheldReason;

export interface WithheldTool extends OfferedTool {
  /** `''` for an entry without a readable name. */
  readonly name: string;
  readonly reason: WithheldToolReason;
}

export interface OfferableTools {
  readonly configuration: string | null;
  /** The names to send with a run, in the backend's order. */
  readonly unattended: readonly OfferedTool[];
  readonly withheld: readonly WithheldTool[];
}

export interface OfferableToolsOptions {
  readonly configuration?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** The clock for `Retry-After` dates. */
  readonly now?: (() => number) | undefined;
  /** A list that has not arrived after this long is a network failure (its retry is offered). Default 20 s. */
  readonly timeoutMs?: number | undefined;
  /** Default: the global timers. */
  readonly timers?: Timers | undefined;
}

export { DEFAULT_TOOLS_TIMEOUT_MS } from './idle-timeout';

/**
 * Fetches the tools this user may offer in this configuration and narrows them to those that run
 * without a human pause (ADR-210), intersected with the server's own `unattended` answer when it
 * sends one (fail closed). Rejects only with an {@link AskAiRequestError}.
 */
export async function offerableTools(
  transport: Transport,
  configurationOrOptions: string | OfferableToolsOptions = {},
): Promise<OfferableTools> {
  const options: OfferableToolsOptions =
    typeof configurationOrOptions === 'string' ? { configuration: configurationOrOptions } : configurationOrOptions;
  const now = options.now ?? Date.now;
  const url = options.configuration
    ? (endpoints: AskAiEndpoints) => appendQuery(endpoints.tools, { configuration: options.configuration! })
    : (endpoints: AskAiEndpoints) => endpoints.tools;
  // Aborted before it began (a dialog removed while the list's reader still loaded): nothing is sent.
  // An `abort` listener added now would never hear of it.
  if (options.signal?.aborted) throw new AskAiRequestError({ kind: 'network' });
  // One signal for the caller's abort and the timeout; a list that never answers must not hold the dialog.
  const abort = new AbortController();
  const timers = options.timers ?? GLOBAL_TIMERS;
  const onAbort = () => abort.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = timers.setTimeout(() => abort.abort(), options.timeoutMs ?? DEFAULT_TOOLS_TIMEOUT_MS);
  const request = async () => {
    const response = await transport.send(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: abort.signal,
    });
    return readJsonAnswer(response, now());
  };
  const stopped = new Promise<never>((_, reject) => abort.signal.addEventListener('abort', () => reject(ABORTED)));
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await Promise.race([request(), stopped]);
  } catch {
    throw new AskAiRequestError({ kind: 'network' });
  } finally {
    timers.clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (!answer.ok) throw new AskAiRequestError(answer.failure);
  const envelope = ToolsAnswerSchema.safeParse(answer.body);
  if (!envelope.success) {
    throw new AskAiRequestError({
      kind: 'invalidResponse',
      detail: 'The tools answer lacks `success: true` or a `tools` list.',
    });
  }
  const narrowed = narrow(
    transport,
    envelope.data.tools,
    envelope.data.unattended,
    envelope.data.configuration ?? options.configuration ?? null,
  );
  return { ...narrowed, withheld: [...narrowed.withheld, ...serverWithheld(envelope.data.withheld ?? [])] };
}

/** What the server kept from the dialog, each with its reason; an entry that does not fit is left out. */
function serverWithheld(entries: readonly unknown[]): WithheldTool[] {
  return entries.flatMap((entry) => {
    const parsed = ServerWithheldSchema.safeParse(entry);
    if (!parsed.success) return [];
    const { name, label, reason } = parsed.data;
    return [{ name, label: label ?? null, description: null, group: null, reason }];
  });
}

function narrow(
  transport: Transport,
  entries: readonly unknown[],
  serverUnattended: readonly string[] | undefined,
  configuration: string | null,
): OfferableTools {
  const described: ToolTraits[] = [];
  const display = new Map<string, OfferedTool>();
  /** The names in the backend's order, `null` where an entry has no readable name. */
  const order: Array<string | null> = [];

  entries.forEach((entry, index) => {
    const name = (entry as { name?: unknown } | null)?.name;
    const parsed = ToolEntrySchema.safeParse(entry);
    if (typeof name !== 'string' || name === '') {
      transport.warn({ code: 'malformedTool', message: `Tool entry ${index} has no readable name.` });
      order.push(null);
      return;
    }
    if (!display.has(name)) {
      order.push(name);
      display.set(
        name,
        parsed.success ? toOffered(parsed.data) : { name, label: null, description: null, group: null },
      );
    }
    if (parsed.success) {
      described.push({ name, ...parsed.data.traits });
    } else {
      transport.warn({ code: 'malformedTool', message: `Tool "${name}" does not fit the contract.` });
      // Without its traits the filter cannot judge it: it is withheld as malformed, by the same rule.
      described.push({ name } as ToolTraits);
    }
  });

  const verdicts = new Map(
    createUnattendedFilter(described)
      .explain(order.filter((name): name is string => name !== null))
      .map((verdict) => [verdict.name, verdict]),
  );
  const server = serverUnattended === undefined ? null : new Set(serverUnattended);
  const unattended: OfferedTool[] = [];
  const withheld: WithheldTool[] = [];
  for (const name of order) {
    if (name === null) {
      withheld.push({ name: '', label: null, description: null, group: null, reason: 'malformed' });
      continue;
    }
    const verdict = verdicts.get(name);
    const tool = display.get(name) as OfferedTool;
    const clientSays = verdict?.unattended === true;
    if (server !== null && clientSays !== server.has(name)) {
      transport.warn({
        code: 'serverDisagrees',
        message:
          `The server ${server.has(name) ? 'offers' : 'withholds'} "${name}"; this dialog ` +
          `${clientSays ? 'offers' : 'withholds'} it.`,
      });
    }
    if (clientSays && (server === null || server.has(name))) unattended.push(tool);
    else withheld.push({ ...tool, reason: verdict?.reason ?? 'serverDisagrees' });
  }
  return { configuration, unattended, withheld };
}

function toOffered(entry: ToolEntry): OfferedTool {
  return {
    name: entry.name,
    label: entry.label ?? null,
    description: entry.description ?? null,
    group: entry.group ?? null,
  };
}
