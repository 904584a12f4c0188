import { approvalBranch } from './approval-rule';
import { TOOL_EFFECTS, type ToolTraits, type UnattendedVerdict, type WithheldReason } from './tool-traits';

export interface UnattendedToolFilter {
  /** The names, in their order, of the tools that run without any human pause. Duplicates stay. */
  unattended(toolNames: readonly string[]): string[];
  /** One verdict per entry of `toolNames`, in order; a withheld entry carries its reason. */
  explain(toolNames: readonly string[]): UnattendedVerdict[];
}

/** `null` = unattended. */
type Judgement = WithheldReason | null;

/**
 * A description's five traits read once into a small number (7 bits): approvalMarker, remote,
 * remoteApproval (none / false / true), effect (none / one of three), requiresInput. `MALFORMED` for
 * a description that does not fit. Two descriptions of one name agree exactly when their codes do.
 */
const MALFORMED = -1;
const REMOTE_APPROVAL = [null, false, true] as const;
const EFFECTS = [null, ...TOOL_EFFECTS] as const;

function traitCode(entry: Record<string, unknown>): number {
  // Each trait is read exactly once: a getter cannot answer one way when checked and another when judged.
  const { approvalMarker, remote, remoteApproval, effect, requiresInput } = entry;
  const declaration = REMOTE_APPROVAL.indexOf(remoteApproval as never);
  const effectIndex = EFFECTS.indexOf(effect as never);
  if (typeof approvalMarker !== 'boolean' || typeof remote !== 'boolean' || typeof requiresInput !== 'boolean') {
    return MALFORMED;
  }
  // An operator declaration exists only on a remote tool (RemoteApprovalInterface extends RemoteToolInterface).
  if (declaration === -1 || effectIndex === -1 || (declaration !== 0 && !remote)) return MALFORMED;
  return +approvalMarker | (+remote << 1) | (declaration << 2) | (effectIndex << 4) | (+requiresInput << 6);
}

let judgements: Judgement[] | null = null;

/** The judgement of every possible code, each asked of the one rule (`approvalBranch`) once. */
function judgementTable(): Judgement[] {
  if (judgements) return judgements;
  judgements = Array.from({ length: 128 }, (_, code): Judgement => {
    const traits: ToolTraits = {
      name: '',
      approvalMarker: (code & 1) === 1,
      remote: (code & 2) === 2,
      remoteApproval: REMOTE_APPROVAL[(code >> 2) & 3] ?? null,
      effect: EFFECTS[(code >> 4) & 3] ?? null,
      requiresInput: (code & 64) === 64,
    };
    if (traits.remoteApproval !== null && !traits.remote) return 'malformed';
    return approvalBranch(traits) ?? (traits.requiresInput ? 'requiresInput' : null);
  });
  return judgements;
}

/**
 * Builds the ADR-210 filter from the tool descriptions the backend sent.
 *
 * Only the five traits are read, once, when the filter is built: server hints (`readOnlyHint`,
 * `annotations`, `_meta`, …) never reach a verdict, so a remote server cannot influence its own
 * authorisation, and a description mutated later changes nothing. A name described twice stands
 * only when both descriptions are readable and agree.
 *
 * @example
 * const filter = createUnattendedFilter(tools);
 * filter.unattended(['get_page_content', 'update_page_metadata']); // ['get_page_content']
 */
export function createUnattendedFilter(tools: Iterable<ToolTraits>): UnattendedToolFilter {
  const table = judgementTable();
  // A Map, never a plain object: `__proto__` or `constructor` are ordinary tool names.
  const codes = new Map<string, number>();
  for (const entry of safeIterate(tools)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const name: unknown = (entry as { name?: unknown }).name;
    if (typeof name !== 'string') continue;
    let code = MALFORMED;
    try {
      code = traitCode(entry as Record<string, unknown>);
    } catch {
      // A description whose traits cannot even be read (a throwing getter) is malformed.
    }
    const earlier = codes.get(name);
    codes.set(name, earlier === undefined || earlier === code ? code : MALFORMED);
  }
  const judgementOf = (name: string): Judgement => {
    const code = codes.get(name);
    if (code === undefined) return 'unknown';
    return code === MALFORMED ? 'malformed' : (table[code] as Judgement);
  };

  return {
    unattended(toolNames) {
      if (!Array.isArray(toolNames)) return [];
      return toolNames.filter((name) => typeof name === 'string' && judgementOf(name) === null);
    },
    explain(toolNames) {
      if (!Array.isArray(toolNames)) return [];
      return toolNames.map((entry: unknown): UnattendedVerdict => {
        if (typeof entry !== 'string') return { name: readableName(entry), unattended: false, reason: 'malformed' };
        const judgement = judgementOf(entry);
        return judgement === null
          ? { name: entry, unattended: true }
          : { name: entry, unattended: false, reason: judgement };
      });
    },
  };
}

function* safeIterate(tools: Iterable<ToolTraits>): Iterable<unknown> {
  // Fail closed on something that is not a list of descriptions: no tool is known.
  if (
    tools === null ||
    typeof tools !== 'object' ||
    typeof (tools as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== 'function'
  ) {
    return;
  }
  yield* tools;
}

function readableName(entry: unknown): string {
  try {
    return String(entry);
  } catch {
    // An object whose toString throws, or one without a prototype.
    return Object.prototype.toString.call(entry);
  }
}
