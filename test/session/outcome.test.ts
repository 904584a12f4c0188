import { describe, expect, it } from 'vitest';
import { IDLE_SNAPSHOT, type AskAiFailure, type RunSnapshot } from '../../src/client';
import {
  failureLines,
  localize,
  outcomeOf,
  EN_MESSAGES,
  DE_MESSAGES,
  resolveMessages,
  localeOf,
} from '../../src/session';

const run = (patch: Partial<RunSnapshot>): RunSnapshot => ({ ...IDLE_SNAPSHOT, ...patch });
const words = (lines: ReturnType<typeof failureLines>) => lines.map((line) => localize(line, EN_MESSAGES));

describe('failureLines', () => {
  const cases: Array<[AskAiFailure, boolean, string[]]> = [
    [{ kind: 'network' }, false, [EN_MESSAGES.network]],
    [{ kind: 'network' }, true, [EN_MESSAGES.network, EN_MESSAGES.partialKept]],
    [{ kind: 'connectionLost' }, true, [EN_MESSAGES.connectionLost, EN_MESSAGES.partialKept]],
    [{ kind: 'sessionExpired' }, false, [EN_MESSAGES.sessionExpired]],
    [{ kind: 'invalidResponse', detail: 'x' }, true, [EN_MESSAGES.invalidResponse, EN_MESSAGES.partialKept]],
    [{ kind: 'rateLimited', retryAfterSeconds: 30 }, false, ['Too many requests. Try again in 30 seconds.']],
    [{ kind: 'rateLimited', retryAfterSeconds: null }, true, [EN_MESSAGES.rateLimited(null), EN_MESSAGES.partialKept]],
    [{ kind: 'forbidden', message: 'No grant.' }, true, [EN_MESSAGES.forbidden, 'It said: “No grant.”']],
    [{ kind: 'forbidden', message: null }, false, [EN_MESSAGES.forbidden]],
    [{ kind: 'notFound', message: null }, false, [EN_MESSAGES.notFound]],
    [{ kind: 'badRequest', message: 'Bad.' }, false, [EN_MESSAGES.badRequest, 'It said: “Bad.”']],
    [{ kind: 'guardrail', message: 'Blocked.' }, true, [EN_MESSAGES.guardrail, 'It said: “Blocked.”']],
    [
      { kind: 'server', status: 500, message: 'Boom.' },
      true,
      [EN_MESSAGES.server, 'It said: “Boom.”', EN_MESSAGES.partialKept],
    ],
    [{ kind: 'server', status: 502, message: null }, false, [EN_MESSAGES.server]],
    [{ kind: 'cancelled', message: null }, true, [EN_MESSAGES.cancelled, EN_MESSAGES.partialKept]],
    [{ kind: 'backend', message: 'Lease lost.' }, false, [EN_MESSAGES.backend, 'It said: “Lease lost.”']],
    [{ kind: 'noAnswer', truncated: true, terminationReason: 'budget_exhausted' }, false, [EN_MESSAGES.noAnswerBudget]],
    [
      { kind: 'noAnswer', truncated: true, terminationReason: 'context_truncated' },
      true,
      [EN_MESSAGES.noAnswerTruncated],
    ],
    [{ kind: 'noAnswer', truncated: false, terminationReason: null }, false, [EN_MESSAGES.noAnswer]],
  ];
  it.each(cases)('%j (partial %s)', (failure, partial, expected) => {
    expect(words(failureLines(failure, partial))).toEqual(expected);
  });

  it('names the tools and the inbox of a suspension, and says what Try again does', () => {
    expect(words(failureLines({ kind: 'suspendedForApproval', tools: ['a', 'b'], runUuid: 'r-1' }, true))).toEqual([
      EN_MESSAGES.suspendedApproval('a, b'),
      EN_MESSAGES.suspendedInbox('r-1'),
      EN_MESSAGES.suspendedNext,
    ]);
    expect(words(failureLines({ kind: 'suspendedForInput', tools: [], runUuid: null }, false))).toEqual([
      EN_MESSAGES.suspendedInput('?'),
      EN_MESSAGES.suspendedNoInbox,
      EN_MESSAGES.suspendedNext,
    ]);
  });
});

describe('outcomeOf', () => {
  it('says nothing while idle or running', () => {
    expect(outcomeOf(run({}))).toBeNull();
    expect(outcomeOf(run({ status: 'running' }))).toBeNull();
  });

  it('ends done calmly, with the tokens when the backend counted them', () => {
    expect(outcomeOf(run({ status: 'done', answer: 'a' }))).toEqual({ tone: 'status', lines: [{ key: 'done' }] });
    const usage = { promptTokens: 1, completionTokens: 2, totalTokens: 3, estimatedCost: null };
    expect(outcomeOf(run({ status: 'done', answer: 'a', usage }))).toEqual({
      tone: 'status',
      lines: [{ key: 'done' }, { key: 'usage', args: [3] }],
    });
  });

  it.each([
    ['notRequested', 'stoppedNoCancel'],
    ['unavailable', 'stoppedNoCancel'],
    ['pending', 'stoppedPending'],
    ['confirmed', 'stoppedConfirmed'],
    ['notConfirmed', 'stoppedUnconfirmed'],
  ] as const)('says what became of the cancel when stopped (%s)', (cancel, key) => {
    expect(outcomeOf(run({ status: 'stopped', cancel }))).toEqual({
      tone: 'status',
      lines: [{ key: 'stopped' }, { key }],
    });
    expect(outcomeOf(run({ status: 'stopped', cancel, partialAnswer: 'x' }))?.lines).toEqual([
      { key: 'stopped' },
      { key },
      { key: 'partialKept' },
    ]);
  });

  it('alerts on a failure or a suspension, keeping the partial answer in mind', () => {
    expect(outcomeOf(run({ status: 'failed', failure: { kind: 'network' }, partialAnswer: ' ' }))).toEqual({
      tone: 'alert',
      lines: [{ key: 'network' }],
    });
    expect(outcomeOf(run({ status: 'failed', failure: { kind: 'network' }, partialAnswer: 'x' }))?.lines).toEqual([
      { key: 'network' },
      { key: 'partialKept' },
    ]);
    expect(outcomeOf(run({ status: 'failed', failure: null }))).toEqual({ tone: 'alert', lines: [{ key: 'backend' }] });
    expect(
      outcomeOf(run({ status: 'suspended', failure: { kind: 'suspendedForInput', tools: ['t'], runUuid: null } }))
        ?.tone,
    ).toBe('alert');
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
