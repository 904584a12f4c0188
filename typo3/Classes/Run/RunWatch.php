<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Http\NdjsonOutput;
use Psr\Clock\ClockInterface;

/**
 * What a running run checks at each of its boundaries (a step, a streamed chunk): whether its editor
 * asked to stop it (the ledger, on whatever node the cancel landed), whether its deadline passed, and
 * whether the client went away (a line that could not be sent). Between boundaries nr-llm is inside a
 * provider call the extension cannot interrupt; the deadline bounds that call through the provider's
 * timeout ({@see ProviderTimeout}).
 *
 * The ledger is read at most every {@see CHECK_EVERY} seconds, so a stream of many small chunks costs a
 * few reads a second, not one per chunk. A heartbeat line goes out when nothing was sent for
 * {@see HEARTBEAT_EVERY} seconds: it keeps a proxy's idle timer from closing a slow stream, and it is the
 * write that reveals a client that has gone.
 */
final class RunWatch
{
    public const CHECK_EVERY = 0.25;

    public const HEARTBEAT_EVERY = 10.0;

    /** The editor asked to stop the run. */
    public const STOPPED = 'stopped';

    /** Nobody reads the stream any more: stopped as the editor's Stop would. */
    public const GONE = 'gone';

    private float $checkedAt = 0.0;

    private float $sentAt;

    public function __construct(
        private readonly RunTicket $ticket,
        private readonly RunLedger $ledger,
        private readonly ClockInterface $clock,
        private readonly ?NdjsonOutput $output,
    ) {
        $this->sentAt = $this->now();
    }

    /** A line went out. */
    public function sent(): void
    {
        $this->sentAt = $this->now();
    }

    /**
     * Why the run must stop now (`stopped`, `gone`, {@see Failure::DEADLINE}), or null to go on.
     * `$force` reads the ledger whatever the time since the last read (a step boundary).
     */
    public function reason(bool $force = false): ?string
    {
        $now = $this->now();
        if ($now >= $this->ticket->deadlineAt) {
            return Failure::DEADLINE;
        }
        if ($this->output !== null && $now - $this->sentAt >= self::HEARTBEAT_EVERY) {
            $this->output->line(RunEvents::heartbeat());
            $this->sentAt = $now;
        }
        if ($this->output?->clientGone() === true) {
            return self::GONE;
        }
        if (!$force && $now - $this->checkedAt < self::CHECK_EVERY) {
            return null;
        }
        $this->checkedAt = $now;

        return $this->ledger->cancelRequested($this->ticket->entry) ? self::STOPPED : null;
    }

    public function pastDeadline(): bool
    {
        return $this->now() >= $this->ticket->deadlineAt - 0.5;
    }

    /** Whole seconds left before the deadline (at least 1). */
    public function secondsLeft(): int
    {
        return max(1, (int)floor($this->ticket->deadlineAt - $this->now()));
    }

    private function now(): float
    {
        return (float)$this->clock->now()->format('U.u');
    }
}
