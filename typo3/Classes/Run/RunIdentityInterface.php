<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

/**
 * The uuid of an agent run while it goes. nr-llm's `run()` tells it only when the run has ended, and Stop
 * needs it while the run goes (nr-llm's own `cancel()` takes the uuid), as does ending the run of a worker
 * that died.
 */
interface RunIdentityInterface
{
    /**
     * The running run of `$owner` started not before `$startedNotBefore`, executed by `$worker` (a
     * {@see RunLedger::worker()}; this process when null). Null while nr-llm has not persisted the run (or
     * could not).
     */
    public function runningRun(int $owner, int $startedNotBefore, ?string $worker = null): ?string;
}
