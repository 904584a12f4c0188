import { describe, expect, it, vi } from 'vitest';
import type { OfferableTools } from '../../src/client/offerable-tools';
import type { RunController, RunInput } from '../../src/client/run-controller';
import { createLauncher } from '../../src/session/launcher';

const TOOLS = { unattended: [{ name: 'get_page' }, { name: 'search_records' }] } as unknown as OfferableTools;

/** A launcher on a controller that records what it starts, and a tool list the test hands out. */
function setUp(cached: OfferableTools | null = TOOLS) {
  const started: RunInput[] = [];
  let running = false;
  const controller = {
    start: (input: RunInput) => (started.push(input), (running = true)),
    getSnapshot: () => ({ status: running ? 'running' : 'idle' }),
  } as unknown as RunController;
  let answer!: { resolve: (tools: OfferableTools) => void; reject: (error: Error) => void };
  const fetch = vi.fn(() => new Promise<OfferableTools>((resolve, reject) => (answer = { resolve, reject })));
  const changed = vi.fn();
  const launcher = createLauncher({
    controller,
    tools: { cached: () => cached ?? undefined, fetch },
    send: (extra) => ({ selection: 'Held.', ...extra }),
    configuration: () => 'default',
    changed,
  });
  return { launcher, started, fetch, changed, answer: () => answer, end: () => (running = false) };
}

describe('launching a run', () => {
  it('posts at once with the cached list, offering the unattended tools’ names and the context', () => {
    const s = setUp();
    expect(s.launcher.launch('Shorten.', { task: 'shorten', extra: { previousAnswer: 'Long.' } })).toBe(true);
    expect(s.started).toEqual([
      {
        prompt: 'Shorten.',
        configuration: 'default',
        context: { selection: 'Held.', previousAnswer: 'Long.' },
        tools: ['get_page', 'search_records'],
        task: 'shorten',
      },
    ]);
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.changed).toHaveBeenCalled();
    expect(s.launcher.idle()).toBe(false);
    expect(s.launcher.launch('Again.')).toBe(false);
  });

  it('waits for the list when there is none, or when fresh tools are asked for, then posts', async () => {
    const s = setUp(null);
    expect(s.launcher.launch('Summarise.')).toBe(true);
    expect(s.fetch).toHaveBeenCalledWith(false);
    expect(s.launcher.waiting()).toBe(true);
    expect(s.launcher.idle()).toBe(false);
    expect(s.launcher.launch('Other.')).toBe(false);
    s.answer().resolve(TOOLS);
    await vi.waitFor(() => expect(s.started).toHaveLength(1));
    expect(s.launcher.waiting()).toBe(false);
    s.end();
    const fresh = setUp();
    fresh.launcher.launch('Summarise.', { freshTools: true });
    expect(fresh.fetch).toHaveBeenCalledWith(true);
    expect(fresh.started).toEqual([]);
  });

  it('offers no tools when the list cannot be had (fail closed)', async () => {
    const s = setUp(null);
    s.launcher.launch('Summarise.');
    s.answer().reject(new Error('403'));
    await vi.waitFor(() => expect(s.started).toHaveLength(1));
    expect(s.started[0]?.tools).toEqual([]);
  });

  it('posts nothing for a wait that was cancelled, and says whether there was one', async () => {
    const s = setUp(null);
    expect(s.launcher.cancel()).toBe(false);
    s.launcher.launch('Summarise.');
    expect(s.launcher.cancel()).toBe(true);
    expect(s.launcher.idle()).toBe(true);
    s.answer().resolve(TOOLS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.started).toEqual([]);
  });

  it('remembers how the last launch ran (task, tools, note, image, name) for the same prompt only', () => {
    const s = setUp();
    expect(s.launcher.lastFor('Shorten.')).toEqual({});
    const how = {
      task: 'shorten',
      tools: 'none',
      direction: 'Keep the date.',
      image: { fileReference: 7 },
      label: 'Shorten',
    } as const;
    s.launcher.launch('Shorten.', { ...how, freshTools: true });
    // A fresh tool list was this launch's own need, not the task's.
    expect(s.launcher.lastFor('Shorten.')).toEqual(how);
    expect(s.launcher.lastFor('Shorten more.')).toEqual({});
  });

  it('sends a task that offers no tools at once, without waiting for the tool list', () => {
    const s = setUp(null);
    s.launcher.launch('Shorten.', { tools: 'none', label: 'Shorten', image: { file: 3 }, direction: 'Keep it.' });
    expect(s.launcher.waiting()).toBe(false);
    expect(s.started[0]).toMatchObject({ prompt: 'Shorten.', tools: [], label: 'Shorten', image: { file: 3 } });
    expect(s.started[0]?.direction).toBe('Keep it.');
  });
});
