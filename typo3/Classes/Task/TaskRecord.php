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
        /** nr-llm's own identifier (`editorial-starter-rewrite`), its category and its output format. */
        public string $identifier = '',
        public string $category = 'general',
        public string $outputFormat = 'markdown',
    ) {
    }
}
