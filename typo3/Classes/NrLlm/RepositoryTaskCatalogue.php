<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Task\TaskAnswer;
use AskAiDialog\AskAi\Task\TaskCatalogueInterface;
use AskAiDialog\AskAi\Task\TaskRecord;
use Netresearch\NrLlm\Domain\Enum\TaskInputType;
use Netresearch\NrLlm\Domain\Model\Task;
use Netresearch\NrLlm\Domain\Repository\TaskRepository;
use Netresearch\NrLlm\Service\Task\TaskExecutionServiceInterface;
use TYPO3\CMS\Core\Database\ConnectionPool;

/**
 * nr-llm's tasks through nr-llm's own repository and task execution (neither is `@api`). Extbase's
 * repository, in the backend, does not leave hidden records out, so which tasks are visible is read
 * from the task table too: a task an administrator hid with the eye icon is not offered.
 */
final class RepositoryTaskCatalogue implements TaskCatalogueInterface
{
    private const TABLE = 'tx_nrllm_task';

    public function __construct(
        private readonly TaskRepository $tasks,
        private readonly TaskExecutionServiceInterface $execution,
        private readonly ConnectionPool $pool,
    ) {
    }

    public function runnable(): array
    {
        $visible = $this->visibleUids();
        $runnable = [];
        foreach ($this->tasks->findActive() as $task) {
            if ($task instanceof Task && in_array((int)$task->getUid(), $visible, true) && $task->getInputTypeEnum() === TaskInputType::MANUAL) {
                $runnable[] = $this->record($task);
            }
        }

        return $runnable;
    }

    public function find(int $uid): ?TaskRecord
    {
        foreach ($this->runnable() as $task) {
            if ($task->uid === $uid) {
                return $task;
            }
        }

        return null;
    }

    public function execute(TaskRecord $task, string $input, int $owner): TaskAnswer
    {
        $model = $this->tasks->findByUid($task->uid);
        if (!$model instanceof Task) {
            throw new \RuntimeException(sprintf('nr-llm task %d is gone', $task->uid), 1797100001);
        }
        $result = $this->execution->execute($model, $input, $owner > 0 ? $owner : null);

        return new TaskAnswer($result->content, $result->usage, $result->correlationId);
    }

    private function record(Task $task): TaskRecord
    {
        return new TaskRecord(
            (int)$task->getUid(),
            $task->getName(),
            $task->getDescription(),
            $task->getConfiguration(),
            $task->getIdentifier(),
            $task->getCategory(),
            $task->getOutputFormat(),
        );
    }

    /** @return list<int> */
    private function visibleUids(): array
    {
        $query = $this->pool->getQueryBuilderForTable(self::TABLE);
        $query->getRestrictions()->removeAll();
        $rows = $query->select('uid')->from(self::TABLE)->where(
            $query->expr()->eq('deleted', 0),
            $query->expr()->eq('hidden', 0),
            $query->expr()->eq('is_active', 1),
        )->executeQuery()->fetchFirstColumn();

        return array_map('intval', $rows);
    }
}
