import { approvalBranch } from './approval-rule';
import { isWellFormedTraits, type ToolTraits, type UnattendedVerdict, type WithheldReason } from './tool-traits';

export interface UnattendedToolFilter {
  /** The names, in their order, of the tools that run without any human pause. Duplicates stay. */
  unattended(toolNames: readonly string[]): string[];
  /** One verdict per entry of `toolNames`, in order; a withheld entry carries its reason. */
  explain(toolNames: readonly string[]): UnattendedVerdict[];
}

/** `null` = unattended. */
type Judgement = WithheldReason | null;

const TRAIT_KEYS = ['approvalMarker', 'remote', 'remoteApproval', 'effect', 'requiresInput'] as const;

/**
 * Builds the ADR-210 filter from the tool descriptions the backend sent.
 *
 * Only the five traits are read, once, when the filter is built: server hints (`readOnlyHint`,
 * `annotations`, `_meta`, …) never reach a verdict, so a remote server cannot influence its own
 * authorisation, and a description mutated later changes nothing.
 *
 * @example
 * const filter = createUnattendedFilter(tools);
 * filter.unattended(['get_page_content', 'update_page_metadata']); // ['get_page_content']
 */
export function createUnattendedFilter(tools: Iterable<ToolTraits>): UnattendedToolFilter {
  // A Map, never a plain object: `__proto__` or `constructor` are ordinary tool names.
  const judged = new Map<string, Judgement>();
  const seen = new Map<string, ToolTraits | null>();

  for (const entry of safeIterate(tools)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const name: unknown = (entry as { name?: unknown }).name;
    if (typeof name !== 'string') continue;
    const traits = isWellFormedTraits(entry) ? snapshot(entry) : null;
    if (!seen.has(name)) {
      seen.set(name, traits);
      continue;
    }
    // Described twice: it stands only when both descriptions are readable and agree.
    const earlier = seen.get(name) ?? null;
    seen.set(name, earlier !== null && traits !== null && sameTraits(earlier, traits) ? earlier : null);
  }

  for (const [name, traits] of seen) judged.set(name, judge(traits));

  const unattendedNames = new Set<string>();
  for (const [name, judgement] of judged) if (judgement === null) unattendedNames.add(name);

  return {
    unattended(toolNames) {
      if (!Array.isArray(toolNames)) return [];
      return toolNames.filter((name) => typeof name === 'string' && unattendedNames.has(name));
    },
    explain(toolNames) {
      if (!Array.isArray(toolNames)) return [];
      return toolNames.map((entry: unknown): UnattendedVerdict => {
        if (typeof entry !== 'string') return { name: readableName(entry), unattended: false, reason: 'malformed' };
        const judgement = judged.has(entry) ? (judged.get(entry) ?? null) : 'unknown';
        return judgement === null
          ? { name: entry, unattended: true }
          : { name: entry, unattended: false, reason: judgement };
      });
    },
  };
}

function judge(traits: ToolTraits | null): Judgement {
  if (traits === null) return 'malformed';
  return approvalBranch(traits) ?? (traits.requiresInput ? 'requiresInput' : null);
}

function snapshot(tool: ToolTraits): ToolTraits {
  const { name, approvalMarker, remote, remoteApproval, effect, requiresInput } = tool;
  return Object.freeze({ name, approvalMarker, remote, remoteApproval, effect, requiresInput });
}

function sameTraits(a: ToolTraits, b: ToolTraits): boolean {
  return TRAIT_KEYS.every((key) => a[key] === b[key]);
}

function* safeIterate(tools: Iterable<ToolTraits>): Iterable<unknown> {
  // Fail closed on something that is not a list of descriptions: no tool is known.
  if (
    tools === null ||
    typeof tools !== 'object' ||
    typeof (tools as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== 'function'
  )
    return;
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
