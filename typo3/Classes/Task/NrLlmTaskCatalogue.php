<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use Netresearch\NrLlm\Domain\Model\Task;
use Netresearch\NrLlm\Domain\Repository\TaskRepository;

/** The task records through nr-llm's own repository. */
final class NrLlmTaskCatalogue implements TaskCatalogueInterface
{
    public function __construct(private readonly TaskRepository $tasks) {}

    public function active(): array
    {
        $active = [];
        foreach ($this->tasks->findActive() as $task) {
            if ($task instanceof Task) {
                $active[] = $task;
            }
        }

        return $active;
    }

    public function find(int $uid): ?Task
    {
        $task = $this->tasks->findByUid($uid);

        return $task instanceof Task ? $task : null;
    }
}
