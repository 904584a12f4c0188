<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use RuntimeException;

/** The scripted runtime's own signal for a run cancelled at a step boundary (nr-llm's is internal). */
final class RunCancelled extends RuntimeException
{
}
