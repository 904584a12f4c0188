<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use RuntimeException;

/**
 * Thrown from the step observer when the editor pressed Stop. nr-llm's runtime catches it at the step
 * boundary, settles the run and returns; the stream then ends with `cancelled`. This is how a run
 * whose uuid nr-llm has not yet told its caller (`run()` returns it at the end) can be stopped through
 * the public API.
 */
final class StopRequested extends RuntimeException
{
    public function __construct()
    {
        parent::__construct('The editor stopped the run.', 1795000001);
    }
}
