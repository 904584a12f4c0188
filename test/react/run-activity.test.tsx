// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SNAPSHOT } from '../../src/client/run-state';
import { EN_MESSAGES } from '../../src/i18n/messages';
import { RunActivity } from '../../src/react/run-progress';
import type { DialogSnapshot } from '../../src/session';

/**
 * The quiet line in the answer's place until the first words: what the task waits for, and from its first
 * whole second on, how long it has waited (on the test's clock: no second is caught in passing).
 */
function thinking(startedAt: number): DialogSnapshot {
  return {
    status: 'running',
    quiet: false,
    run: { ...IDLE_SNAPSHOT, status: 'running', startedAt, accepted: true },
    toolLabel: (name: string) => name,
  } as unknown as DialogSnapshot;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the waiting line', () => {
  it('counts whole seconds from the first on, once a second', () => {
    vi.useFakeTimers({ now: 10_000 });
    render(<RunActivity snapshot={thinking(10_000)} messages={EN_MESSAGES} />);
    const line = screen.getByText('Thinking…').parentElement!;
    expect(line).toHaveTextContent(/^Thinking…$/);
    act(() => void vi.advanceTimersByTime(999));
    expect(line).toHaveTextContent(/^Thinking…$/);
    act(() => void vi.advanceTimersByTime(1));
    expect(line).toHaveTextContent(/^Thinking…1 s$/);
    act(() => void vi.advanceTimersByTime(4_000));
    expect(line).toHaveTextContent(/^Thinking…5 s$/);
  });
});
