<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

/**
 * nr-llm's tasks, as TYPO3 administrators manage them in the backend (AI Tasks): the ones an editor's
 * dialog can run — active, not hidden, taking typed input (the editor's text; tasks that read logs,
 * tables or files belong to the AI Tasks module) — in their backend order.
 */
interface TaskCatalogueInterface
{
    /** @return list<TaskRecord> */
    public function runnable(): array;

    public function find(int $uid): ?TaskRecord;

    /** Runs the task on the editor's text through nr-llm's task execution (no tools). */
    public function execute(TaskRecord $task, string $input, int $owner): TaskAnswer;
}
