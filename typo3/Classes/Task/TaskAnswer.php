<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use Netresearch\NrLlm\Domain\Model\UsageStatistics;

/** What nr-llm's task execution answered, and the correlation id it traced the call under. */
final readonly class TaskAnswer
{
    public function __construct(public string $content, public UsageStatistics $usage, public string $correlationId)
    {
    }
}
