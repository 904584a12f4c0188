<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use Netresearch\NrLlm\Domain\Model\LlmConfiguration;

/** One of nr-llm's tasks, as the dialog offers it: an active, visible task that takes the editor's text. */
final readonly class TaskRecord
{
    public function __construct(
        public int $uid,
        public string $name,
        public string $description,
        /** The configuration the task runs on; null: nr-llm's default. */
        public ?LlmConfiguration $configuration,
    ) {
    }
}
