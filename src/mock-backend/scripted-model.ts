import type { RunContext } from '../contract/run-request';
import { altText, improve, keywords, sentences, shorten, summarise, translate } from './text-tasks';

/** One call the simulated model makes, and what the simulated tool answers. */
export interface ScriptedToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** What the call does, in an editor's words (the extension's `activity`): no ids, no JSON. */
  readonly activity: string;
  readonly result: string;
  readonly isError: boolean;
}

export interface ModelScript {
  /** One round of tool calls, or none. */
  readonly toolCalls: readonly ScriptedToolCall[];
  readonly answer: string;
}

type Intent = 'summary' | 'shorten' | 'improve' | 'translate' | 'keywords' | 'alt' | 'restyle' | 'answer';

const INTENTS: ReadonlyArray<readonly [Intent, RegExp]> = [
  ['alt', /\balt[- ]?text|alternativtext|alternative text/i],
  ['keywords', /\bkeywords?\b|schlagw|stichw/i],
  ['translate', /\btranslat|übersetz/i],
  // Tone, length, simpler words, key points, spelling, continuing: the refinements' rewrites of the text.
  [
    'restyle',
    /\btone\b|\bton\b|\blonger\b|verlänger|simplif|vereinfach|key points|kernpunkte|spelling|rechtschreib|continue|weiter/i,
  ],
  ['summary', /\bsummar|zusammenfass/i],
  ['shorten', /\bshort|\bkürz|condense/i],
  ['improve', /\bimprov|verbesser|polish|proofread/i],
];

/** A page the simulated `get_page_content` reads when the dialog sent a record but no text. */
const PAGE_TEXT =
  'The city library opens its new reading garden on 1 June. Visitors can borrow books, games and sun loungers there. ' +
  'The garden is open every day from ten to six while the weather ' +
  'allows. Children read to the library cat on Saturdays. ' +
  'Entry is free, and the summer reading club starts the same week.';

function intentOf(prompt: string): Intent {
  return INTENTS.find(([, pattern]) => pattern.test(prompt))?.[0] ?? 'answer';
}

function targetLanguage(prompt: string): string {
  return /\b(?:into|to|ins|nach)\s+([A-Za-zÄÖÜäöü]+)/.exec(prompt)?.[1] ?? 'German';
}

/**
 * Plans one task: which offered tools to call (reads of the editor's context), and an answer built
 * from the text it read. Deterministic: the same request gives the same script.
 */
export function scriptTask(
  prompt: string,
  context: RunContext | undefined,
  offered: readonly string[],
  requested: readonly string[] = offered,
): ModelScript {
  const ctx = (context ?? {}) as Exclude<RunContext, Record<string, never>>;
  const has = (name: string) => offered.includes(name);
  const calls: ScriptedToolCall[] = [];
  let source = ctx.selection?.trim() || ctx.document?.trim() || '';

  if (ctx.recordUid !== undefined && has('get_page_content')) {
    const page = ctx.document?.trim() || PAGE_TEXT;
    calls.push({
      name: 'get_page_content',
      arguments: { table: ctx.recordTable ?? 'tt_content', uid: ctx.recordUid },
      activity: 'Reading the page “Reading garden”…',
      result: page,
      isError: false,
    });
    if (source === '') source = page;
  }
  const intent = intentOf(prompt);
  if (intent === 'answer' && /\b(site|website|search|find|suche)\b/i.test(prompt) && has('site_rag_query')) {
    const query = prompt.slice(0, 80);
    const hits = sentences(source || PAGE_TEXT).slice(0, 2);
    calls.push({
      name: 'site_rag_query',
      arguments: { query },
      activity: `Searching the site for “${query.length > 60 ? `${query.slice(0, 59)}…` : query}”…`,
      result: JSON.stringify(hits.map((text, i) => ({ sourceId: `page-${i + 1}`, text }))),
      isError: false,
    });
  }
  if (intent === 'translate' && has('partner_glossary_lookup')) {
    calls.push({
      name: 'partner_glossary_lookup',
      arguments: { language: targetLanguage(prompt) },
      activity: 'Looking up the partner glossary…',
      result: 'No glossary entries apply.',
      isError: false,
    });
  }
  // A model may call a tool it was told about by name, offered or not (a page it read can name one):
  // the server runs it only when it offered it, and refuses it otherwise, as nr-llm's loop does.
  for (const name of new Set(requested)) {
    if (!prompt.includes(name) || calls.some((call) => call.name === name)) continue;
    const permitted = has(name);
    calls.push({
      name,
      arguments: {},
      activity: `Using “${name.replace(/_/g, ' ')}”…`,
      result: permitted ? `${name} ran.` : `Error: tool "${name}" not permitted`,
      isError: !permitted,
    });
  }
  if (source === '') source = prompt;
  // A refinement edits the previous answer rather than starting over.
  const previous = ctx.previousAnswer?.trim();
  if (previous) return { toolCalls: calls, answer: refine(previous, prompt) };

  return { toolCalls: calls, answer: answerFor(intent, source, prompt) };
}

/**
 * Refines a previous answer by the refinement's words: shorter, longer, more formal, simpler, as a
 * list, in German; anything else polishes it. Deterministic and visibly different from the previous.
 */
function refine(previous: string, refinement: string): string {
  const words = previous.split(/\s+/);
  if (/\bshort|\bkürz|\bconcise|\bbrief/i.test(refinement)) {
    const kept = shorten(previous);
    return kept.length < previous.length
      ? kept
      : `${words.slice(0, Math.max(3, Math.ceil(words.length * 0.6))).join(' ')}…`;
  }
  if (/\blong|\bläng|\bexpand|\bmore detail/i.test(refinement))
    return `${previous}\n\nIn short: ${summarise(previous, 1)}`;
  if (/\bformal|\bförmlich/i.test(refinement)) {
    const formal = previous
      .replace(/\b(can't|won't|don't|it's|you're)\b/gi, (w) => EXPANSIONS[w.toLowerCase()] ?? w)
      .replace(/\bcan\b/g, 'may')
      .replace(/\b(?:for )?free\b(?! of charge)/g, 'free of charge')
      .replace(/\b[Kk]ids\b/g, (kids) => (kids[0] === 'K' ? 'Children' : 'children'))
      .replace(/!/g, '.');
    return formal === previous
      ? `We would like to inform you that ${previous.charAt(0).toLowerCase()}${previous.slice(1)}`
      : formal;
  }
  if (/\bfriendl|\bcasual|\bfreundlich|\blocker/i.test(refinement))
    return `Good news! ${previous.replace(/\bVisitors can\b/g, 'You can').replace(/\.(\s|$)/, '!$1')}`;
  if (/\bconfident|\bselbstbewusst/i.test(refinement))
    return previous.replace(/\bcan\b/g, 'will').replace(/\bwhile the weather allows\b/g, 'all summer');
  if (/\bsimpl|\bvereinfach/i.test(refinement))
    return sentences(previous)
      .map((s) => s.split(/\s+/).slice(0, 10).join(' ').replace(/[,;]$/, '') + (/[.!?]$/.test(s) ? '' : '.'))
      .join(' ');
  if (/\bcontinue|\bweiterschreib/i.test(refinement))
    return `${previous}\n\nThere is more to come: readings, workshops and a summer festival are planned.`;
  if (/\bspelling|\brechtschreib/i.test(refinement)) return improve(previous);
  if (/\blist|\bbullet|\bliste|key points|kernpunkte/i.test(refinement))
    return sentences(previous)
      .map((s) => `- ${s}`)
      .join('\n');
  if (/\bgerman|\bdeutsch/i.test(refinement)) return translate(previous, 'German');
  return improve(previous);
}

const EXPANSIONS: Record<string, string> = {
  "can't": 'cannot',
  "won't": 'will not',
  "don't": 'do not',
  "it's": 'it is',
  "you're": 'you are',
};

function answerFor(intent: Intent, source: string, prompt: string): string {
  switch (intent) {
    case 'summary':
      return summarise(source);
    case 'shorten':
      return shorten(source);
    case 'improve':
      return improve(source);
    case 'translate':
      return translate(source, targetLanguage(prompt));
    case 'keywords':
      return keywords(source)
        .map((k) => `- ${k}`)
        .join('\n');
    case 'alt':
      return altText(source);
    case 'restyle':
      return refine(source, prompt);
    case 'answer':
      return `**${summarise(source, 1)}**\n\n${sentences(source).slice(1, 3).join(' ')}`.trim();
  }
}
