<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Closure;

/**
 * One way a run goes — nr-llm's agent runtime, its streaming chat, one of its tasks, its vision service —
 * decided and checked before the run is admitted: what it runs in its {@see RunScope}, and how it ended.
 * What escapes it (an exception) is a failure the envelope words. `name` says which it was in the log.
 */
final readonly class RunPath
{
    /** @param Closure(RunScope): RunEnd $run */
    public function __construct(public string $name, public Closure $run)
    {
    }
}
