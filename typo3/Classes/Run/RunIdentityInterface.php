<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

/**
 * The uuid of the agent run this request is executing. nr-llm's `run()` tells it only when the run has
 * ended, and Stop needs it while the run goes (nr-llm's own `cancel()` takes the uuid).
 */
interface RunIdentityInterface
{
    /** Null while nr-llm has not persisted the run (or could not). */
    public function runningRun(int $owner, int $startedNotBefore): ?string;
}
