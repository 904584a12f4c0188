<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use RuntimeException;

/**
 * Thrown from the step observer to end a run that nr-llm could not persist (and so cannot cancel by its
 * uuid): nr-llm then ends it as failed with this as its error. With a persisted run the observer uses
 * nr-llm's own `cancel()` instead, and the run is recorded as cancelled.
 */
final class RunStopped extends RuntimeException
{
    public function __construct(public readonly string $why)
    {
        parent::__construct('Ask AI: the run was stopped (' . $why . ')');
    }
}
