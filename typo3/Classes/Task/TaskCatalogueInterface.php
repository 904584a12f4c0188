<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use Netresearch\NrLlm\Domain\Model\Task;

/** nr-llm's tasks, as TYPO3 administrators manage them in the backend (AI Tasks). */
interface TaskCatalogueInterface
{
    /** @return list<Task> the active tasks, in their backend order */
    public function active(): array;

    public function find(int $uid): ?Task;
}
