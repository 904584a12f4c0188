<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

/** An admitted run: its ledger entry, its editor, and when it must have ended. */
final readonly class RunTicket
{
    public function __construct(
        public int $entry,
        public int $owner,
        public string $requestId,
        public float $startedAt,
        public float $deadlineAt,
        /** The editor stopped it before its request arrived: answer `cancelled`, run nothing. */
        public bool $stoppedBeforeStart = false,
    ) {
    }

    public function secondsLeft(float $now): float
    {
        return $this->deadlineAt - $now;
    }
}
