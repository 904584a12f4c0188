import { describe, expect, it } from 'vitest';
import { IDLE_SNAPSHOT, type AskAiFailure, type RunSnapshot } from '../../src/client';
import { failureLines, failureView, MAX_ERROR_TEXT, outcomeOf } from '../../src/session';
import { localize, EN_MESSAGES, DE_MESSAGES, resolveMessages, localeOf, type MessageLine } from '../../src/i18n';

const run = (patch: Partial<RunSnapshot>): RunSnapshot => ({ ...IDLE_SNAPSHOT, ...patch });
const words = (lines: readonly MessageLine[]) => lines.map((line) => localize(line, EN_MESSAGES));

describe('failureView', () => {
  const said = (message: string) => [`The server said: “${message}”`];
  const cases: Array<[AskAiFailure, boolean, string[], string[]]> = [
    [{ kind: 'network' }, false, [EN_MESSAGES.network], []],
    [{ kind: 'network' }, true, [EN_MESSAGES.network, EN_MESSAGES.partialKept], []],
    [{ kind: 'connectionLost' }, true, [EN_MESSAGES.connectionLost, EN_MESSAGES.partialKept], []],
    [{ kind: 'sessionExpired' }, false, [EN_MESSAGES.sessionExpired], []],
    [
      { kind: 'invalidResponse', detail: 'Bad JSON.' },
      true,
      [EN_MESSAGES.invalidResponse, EN_MESSAGES.partialKept],
      said('Bad JSON.'),
    ],
    [{ kind: 'rateLimited', retryAfterSeconds: 30 }, false, [EN_MESSAGES.rateLimited], []],
    [
      { kind: 'forbidden', message: 'No grant.' },
      true,
      [EN_MESSAGES.forbidden, EN_MESSAGES.partialKept],
      said('No grant.'),
    ],
    [{ kind: 'forbidden', message: null }, false, [EN_MESSAGES.forbidden], []],
    [{ kind: 'notFound', message: null }, false, [EN_MESSAGES.notFound], []],
    [{ kind: 'badRequest', message: 'Bad.' }, false, [EN_MESSAGES.badRequest], said('Bad.')],
    [{ kind: 'guardrail', message: 'Blocked.' }, false, [EN_MESSAGES.guardrail], said('Blocked.')],
    [
      { kind: 'misconfigured', message: 'Not set up.' },
      true,
      [EN_MESSAGES.misconfigured, EN_MESSAGES.partialKept],
      said('Not set up.'),
    ],
    [
      { kind: 'server', status: 500, message: 'RuntimeException: x' },
      true,
      [EN_MESSAGES.server, EN_MESSAGES.partialKept],
      said('RuntimeException: x'),
    ],
    [{ kind: 'server', status: 502, message: null }, false, [EN_MESSAGES.server], []],
    [{ kind: 'cancelled', message: null }, true, [EN_MESSAGES.cancelled, EN_MESSAGES.partialKept], []],
    [{ kind: 'backend', message: 'Lease lost.' }, false, [EN_MESSAGES.backend], said('Lease lost.')],
    [
      { kind: 'noAnswer', truncated: true, terminationReason: 'budget_exhausted' },
      false,
      [EN_MESSAGES.noAnswerBudget],
      [],
    ],
    [
      { kind: 'noAnswer', truncated: true, terminationReason: 'context_truncated' },
      true,
      [EN_MESSAGES.noAnswerTruncated],
      [],
    ],
    [{ kind: 'noAnswer', truncated: false, terminationReason: null }, false, [EN_MESSAGES.noAnswer], []],
  ];
  it.each(cases)('%j (partial %s)', (failure, partial, lines, details) => {
    const view = failureView(failure, partial);
    expect(words(view.lines)).toEqual(lines);
    expect(words(view.details)).toEqual(details);
    expect(words(failureLines(failure, partial))).toEqual([...lines, ...details]);
  });

  it('names the tools of a suspension by their labels, and puts the inbox and the next step in the details', () => {
    const labelOf = (name: string) => (name === 'a' ? 'Tool A' : name);
    const approval = failureView({ kind: 'suspendedForApproval', tools: ['a', 'b'], runUuid: 'r-1' }, true, labelOf);
    expect(words(approval.lines)).toEqual([EN_MESSAGES.suspendedApproval('Tool A, b'), EN_MESSAGES.partialKept]);
    expect(words(approval.details)).toEqual([EN_MESSAGES.suspendedInbox('r-1'), EN_MESSAGES.suspendedNext]);
    const input = failureView({ kind: 'suspendedForInput', tools: [], runUuid: null }, false);
    expect(words(input.lines)).toEqual([EN_MESSAGES.suspendedInput('?')]);
    expect(words(input.details)).toEqual([EN_MESSAGES.suspendedNext]);
  });

  it('never puts the server’s words or an exception class into the main sentence', () => {
    const view = failureView({ kind: 'server', status: 500, message: 'RuntimeException: boom' }, false);
    expect(words(view.lines).join(' ')).not.toMatch(/RuntimeException|boom/);
  });
});

describe('outcomeOf', () => {
  it('says nothing while idle or running', () => {
    expect(outcomeOf(run({}))).toBeNull();
    expect(outcomeOf(run({ status: 'running' }))).toBeNull();
  });

  it('ends done calmly; the usage is metadata, not a line', () => {
    const usage = { promptTokens: 1, completionTokens: 2, totalTokens: 3, estimatedCost: null };
    expect(outcomeOf(run({ status: 'done', answer: 'a', usage }))).toEqual({
      tone: 'status',
      lines: [{ key: 'done' }],
      details: [],
      retry: 'now',
      retryAfterSeconds: null,
    });
  });

  it.each(['notRequested', 'unavailable', 'pending', 'confirmed', 'notConfirmed'] as const)(
    'says "Stopped." once, whatever became of the cancel (%s); what arrived stays, marked on its answer',
    (cancel) => {
      expect(outcomeOf(run({ status: 'stopped', cancel }))).toEqual({
        tone: 'status',
        lines: [{ key: 'stopped' }],
        details: [],
        retry: 'now',
        retryAfterSeconds: null,
      });
      expect(outcomeOf(run({ status: 'stopped', cancel, partialAnswer: 'x' }))?.lines).toEqual([{ key: 'stopped' }]);
      expect(outcomeOf(run({ status: 'stopped', cancel }), String, true)?.lines).toEqual([{ key: 'stoppedOnClose' }]);
    },
  );

  it('offers a retry only where it can help, and after a Retry-After only later', () => {
    const failed = (failure: AskAiFailure) => outcomeOf(run({ status: 'failed', failure }));
    for (const kind of ['forbidden', 'notFound', 'badRequest', 'guardrail', 'misconfigured'] as const) {
      expect(failed({ kind, message: null })?.retry).toBe('never');
    }
    // A service that failed or did not answer may answer the next time; one refusing its set-up will not.
    for (const kind of ['unavailable', 'deadline'] as const) expect(failed({ kind, message: null })?.retry).toBe('now');
    expect(failed({ kind: 'network' })).toMatchObject({ tone: 'alert', retry: 'now', retryAfterSeconds: null });
    expect(failed({ kind: 'rateLimited', retryAfterSeconds: 30 })).toMatchObject({
      retry: 'later',
      retryAfterSeconds: 30,
    });
    expect(failed({ kind: 'rateLimited', retryAfterSeconds: null })).toMatchObject({
      retry: 'now',
      retryAfterSeconds: null,
    });
    expect(outcomeOf(run({ status: 'failed', failure: null }))).toMatchObject({
      lines: [{ key: 'backend' }],
      retry: 'now',
    });
    expect(
      outcomeOf(run({ status: 'suspended', failure: { kind: 'suspendedForInput', tools: ['t'], runUuid: null } })),
    ).toMatchObject({
      tone: 'alert',
      retry: 'now',
    });
  });

  it('keeps the partial answer in mind', () => {
    expect(outcomeOf(run({ status: 'failed', failure: { kind: 'network' }, partialAnswer: ' ' }))?.lines).toEqual([
      { key: 'network' },
    ]);
    expect(outcomeOf(run({ status: 'failed', failure: { kind: 'network' }, partialAnswer: 'x' }))?.lines).toEqual([
      { key: 'network' },
      { key: 'partialKept' },
    ]);
  });
});

describe('locale and messages', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    ['de', 'de'],
    ['de-AT', 'de'],
    ['DE_ch', 'de'],
  ] as const)('%s speaks %s', (locale, expected) => {
    expect(localeOf(locale)).toBe(expected);
  });

  it('localises a line with its arguments, and lets a host replace any string', () => {
    expect(localize({ key: 'usage', args: [1234] }, EN_MESSAGES)).toBe('1,234 tokens');
    expect(localize({ key: 'usage', args: [1234] }, DE_MESSAGES)).toBe('1.234 Tokens');
    const m = resolveMessages('de', { done: 'Erledigt!' });
    expect(localize({ key: 'done' }, m)).toBe('Erledigt!');
    expect(m.withheldReason.writeEffect).toBe(DE_MESSAGES.withheldReason.writeEffect);
  });
});

describe('presets', () => {
  it('ask the model in its words: the German translation task names its target as German does', async () => {
    const { germanTarget, DEFAULT_PRESETS, presetPrompt } = await import('../../src/i18n');
    const translate = DEFAULT_PRESETS.de.find((p) => p.id === 'translate')!;
    expect(['en', 'de', 'fr', 'es', 'it', 'nl'].map((l) => presetPrompt(translate, l))).toEqual([
      'Übersetze diesen Text ins Englische.',
      'Übersetze diesen Text ins Deutsche.',
      'Übersetze diesen Text ins Französische.',
      'Übersetze diesen Text ins Spanische.',
      'Übersetze diesen Text ins Italienische.',
      'Übersetze diesen Text ins Niederländische.',
    ]);
    expect(germanTarget('Klingonisch')).toBe('in die Sprache Klingonisch');
  });
});

describe('a server error text in the details', () => {
  it(`shows at most ${MAX_ERROR_TEXT} characters of it, then an ellipsis`, () => {
    const view = failureView({ kind: 'backend', message: 'x'.repeat(50_000) }, false);
    const [said] = view.details;
    expect(said?.key).toBe('serverSaid');
    expect(String(said?.args?.[0])).toHaveLength(MAX_ERROR_TEXT + 1);
    expect(String(said?.args?.[0]).endsWith('…')).toBe(true);
    const short = failureView({ kind: 'backend', message: 'Quota exceeded.' }, false);
    expect(short.details[0]?.args).toEqual(['Quota exceeded.']);
  });
});
