import { describe, expect, it } from 'vitest';
import { createDialogSession, createTransport } from '../../src/session';
import { ENDPOINTS, simulated, until } from '../support/backend-fetch';

const ARTICLE =
  'The city library opens its new reading garden on 1 June. ' +
  'Visitors can borrow books, games and sun loungers there. ' +
  'The garden is open every day from ten to six while the weather allows. ' +
  'Children read to the library cat on Saturdays.';
const OUTCOME = `${ENDPOINTS.run.replace('/run', '/outcome')}`;

function setup(options: { outcome?: boolean; maxVariants?: number } = {}) {
  const sim = simulated();
  const bodies: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body) bodies.push({ url: String(input), body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return sim.fetch(input, init);
  }) as typeof fetch;
  const endpoints = options.outcome === false ? ENDPOINTS : { ...ENDPOINTS, outcome: OUTCOME };
  const session = createDialogSession({
    transport: createTransport({ endpoints, fetch: fetchFn }),
    context: { selection: ARTICLE },
    maxVariants: options.maxVariants,
  });
  session.subscribe(() => undefined);
  const runs = () => bodies.filter((b) => b.url.includes('/run')).map((b) => b.body);
  const outcomes = () => bodies.filter((b) => b.url.includes('/outcome')).map((b) => b.body);
  const settle = () => until(() => !['preparing', 'running'].includes(session.getSnapshot().status));
  return { session, sim, runs, outcomes, settle };
}

describe('answer variants', () => {
  it('keeps every answer of this context reachable, each with its own provenance', async () => {
    const { session, settle } = setup();
    session.start('Summarise this text.');
    await settle();
    session.start('Shorten this text.');
    await settle();
    const { variants, shown, result } = session.getSnapshot();
    expect(variants.map((v) => v.result.meta.instruction)).toEqual(['Summarise this text.', 'Shorten this text.']);
    expect(shown).toBe(1);
    expect(result?.meta.instruction).toBe('Shorten this text.');
    session.showVariant(0);
    expect(session.getSnapshot().result?.meta.instruction).toBe('Summarise this text.');
    expect(session.getSnapshot().answer).toBe(variants[0]?.result.markdown);
    expect(session.getSnapshot().result?.meta.runUuid).not.toBe(variants[1]?.result.meta.runUuid);
    // Applying one marks that one; the other stays applicable.
    let given: string | undefined;
    await session.handOver('insert', (_answer, meta) => void (given = meta.instruction));
    expect(given).toBe('Summarise this text.');
    session.showVariant(5);
    expect(session.getSnapshot()).toMatchObject({ shown: 1, applied: null });
    session.showVariant(-3);
    expect(session.getSnapshot()).toMatchObject({ shown: 0, applied: 'insert' });
  });

  it('keeps at most maxVariants, the oldest going first, and drops them when the context changes', async () => {
    const { session, settle } = setup({ maxVariants: 2 });
    for (const prompt of ['Summarise.', 'Shorten.', 'Improve.']) {
      session.start(prompt);
      await settle();
    }
    expect(session.getSnapshot().variants.map((v) => v.result.meta.instruction)).toEqual(['Shorten.', 'Improve.']);
    // The document changes (an insertion, say): the answers stay; another selection: they go.
    session.setOptions({ context: { selection: ARTICLE, document: `${ARTICLE} Inserted.` } });
    expect(session.getSnapshot().variants).toHaveLength(2);
    session.setOptions({ context: { selection: 'Another selection entirely.' } });
    expect(session.getSnapshot()).toMatchObject({ variants: [], shown: -1, result: null, answer: '' });
    session.start('Summarise.');
    await settle();
    session.setOptions({ context: { selection: 'Another selection entirely.', recordTable: 'pages', recordUid: 4 } });
    expect(session.getSnapshot().variants).toEqual([]);
  });
});

describe('refine', () => {
  it('sends the shown answer and its instruction along, and the simulated model edits that answer', async () => {
    const { session, runs, settle } = setup();
    session.start('Summarise this text in two sentences.');
    await settle();
    const first = session.getSnapshot().answer;
    expect(session.refine('Make it shorter')).toBe(true);
    await settle();
    expect(runs()[1]).toMatchObject({
      prompt: 'Make it shorter',
      context: {
        selection: ARTICLE,
        previousAnswer: first,
        previousInstruction: 'Summarise this text in two sentences.',
      },
    });
    const refined = session.getSnapshot().answer;
    expect(refined.length).toBeLessThan(first.length);
    expect(first.startsWith(refined.replace(/…$/, '').split(' ').slice(0, 3).join(' '))).toBe(true);
    expect(session.getSnapshot().variants).toHaveLength(2);
    expect(session.refine('  ')).toBe(false);
  });

  it('cuts the answer it refines to the context limit, on a whole character', async () => {
    const { session, runs, settle } = setup();
    session.start('Summarise this text in two sentences.');
    await settle();
    const first = session.getSnapshot().answer;
    // A limit that ends inside the answer: the refinement carries its first 12 characters.
    session.setOptions({ contextLimit: 12 });
    session.refine('Make it shorter');
    await settle();
    expect((runs()[1]?.context as { previousAnswer: string }).previousAnswer).toBe(first.slice(0, 12));
    expect(first.length).toBeGreaterThan(12);
    // Stated like the other cuts: the dialog shows the note.
    expect(session.getSnapshot().context.cut).toContain('previousAnswer');
    // The next fresh run sends no answer, and states no cut of one.
    session.setOptions({ contextLimit: 20_000 });
    session.start('Summarise this text.');
    await settle();
    expect(runs()[2]?.context).not.toHaveProperty('previousAnswer');
    expect(session.getSnapshot().context.cut).not.toContain('previousAnswer');
  });

  it('refines nothing without an answer', () => {
    const { session } = setup();
    expect(session.refine('Make it shorter')).toBe(false);
  });
});

describe('feedback', () => {
  it('settles the rated answer by its identity, when runs that end meanwhile move it in the list', async () => {
    const sim = simulated();
    // The rating's post waits until the third answer is in.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/outcome')) await held;
      return sim.fetch(input, init);
    }) as typeof fetch;
    const session = createDialogSession({
      transport: createTransport({ endpoints: { ...ENDPOINTS, outcome: OUTCOME }, fetch: fetchFn }),
      context: { selection: ARTICLE },
      maxVariants: 2,
    });
    session.subscribe(() => undefined);
    const settle = () => until(() => !['preparing', 'running'].includes(session.getSnapshot().status));
    for (const prompt of ['Summarise.', 'Shorten.']) {
      session.start(prompt);
      await settle();
    }
    // "Shorten." is the second of two; its rating is in flight when a third answer pushes out the first.
    session.feedback('helpful');
    session.start('Improve.');
    await settle();
    const rated = () => session.getSnapshot().variants.find((v) => v.result.meta.instruction === 'Shorten.');
    expect(session.getSnapshot().variants.indexOf(rated()!)).toBe(0);
    expect(rated()?.feedback.status).toBe('sending');
    release();
    await until(() => rated()?.feedback.status === 'sent');
    expect(rated()?.feedback).toEqual({ given: 'helpful', status: 'sent', open: true });
  });

  it('posts { correlationId, outcome } once per press, changeable once, and the backend records it', async () => {
    const { session, sim, outcomes, settle } = setup();
    session.start('Summarise this text.');
    await settle();
    const correlationId = session.getSnapshot().result?.meta.correlationId;
    expect(correlationId).toMatch(/^corr-/);
    expect(session.getSnapshot()).toMatchObject({ feedbackAvailable: true, feedback: { given: null, open: true } });
    expect(session.feedback('helpful')?.meta.correlationId).toBe(correlationId);
    expect(session.feedback('helpful')).toBeNull();
    await until(() => session.getSnapshot().feedback.status === 'sent');
    expect(session.feedback('not_helpful')).not.toBeNull();
    await until(() => session.getSnapshot().feedback.status === 'sent');
    expect(session.getSnapshot().feedback).toEqual({ given: 'not_helpful', status: 'sent', open: false });
    expect(session.feedback('helpful')).toBeNull();
    expect(outcomes()).toEqual([
      { correlationId, outcome: 'helpful' },
      { correlationId, outcome: 'not_helpful' },
    ]);
    const recorded = (await (await sim.fetch(`${ENDPOINTS.run.replace('/run', '/simulation')}`)).json()) as {
      outcomes: unknown;
    };
    expect(recorded.outcomes).toEqual(outcomes());
  });

  it('says so quietly when the post fails, and leaves the answer as it was', async () => {
    const { session, sim, settle } = setup();
    session.start('Summarise this text.');
    await settle();
    const before = session.getSnapshot().answer;
    sim.backend.setState({ fault: 'outcome:server-error' });
    session.feedback('not_helpful');
    await until(() => session.getSnapshot().feedback.status === 'failed');
    expect(session.getSnapshot()).toMatchObject({ status: 'done', answer: before, outcome: { tone: 'status' } });
  });

  it('is only for the host without an outcome endpoint', async () => {
    const { session, outcomes, settle } = setup({ outcome: false });
    session.start('Summarise this text.');
    await settle();
    expect(session.getSnapshot().feedbackAvailable).toBe(false);
    expect(session.feedback('helpful')).not.toBeNull();
    expect(session.getSnapshot().feedback.status).toBe('sent');
    expect(outcomes()).toEqual([]);
  });
});
