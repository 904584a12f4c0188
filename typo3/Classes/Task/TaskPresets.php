<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use AskAiDialog\AskAi\Access\Configurations;

/**
 * The nr-llm tasks an editor can run from the dialog, as its presets: runnable tasks (active, visible,
 * taking the editor's text) whose configuration this editor may use — nr-llm's default where the task
 * names none. Each runs through nr-llm's task execution, without tools.
 */
final class TaskPresets
{
    /** @var list<TaskRecord>|null this request's answer (the RTE listener asks once per field) */
    private ?array $runnable = null;

    public function __construct(
        private readonly TaskCatalogueInterface $tasks,
        private readonly Configurations $configurations,
    ) {
    }

    /**
     * Each with how its answer is used ({@see TaskUse}): which action the dialog makes primary.
     *
     * @return list<array{id: string, label: string, prompt: string, task: int, use: string}>
     */
    public function forCurrentUser(): array
    {
        return array_map(static fn(TaskRecord $task): array => [
            'id' => 'nr-llm-task-' . $task->uid,
            'label' => $task->name,
            'prompt' => $task->description !== '' ? $task->description : $task->name,
            'task' => $task->uid,
            'use' => TaskUse::of($task),
        ], $this->runnable());
    }

    /** The task, when this editor may run it from the dialog. */
    public function find(int $uid): ?TaskRecord
    {
        foreach ($this->runnable() as $task) {
            if ($task->uid === $uid) {
                return $task;
            }
        }

        return null;
    }

    /** @return list<TaskRecord> */
    private function runnable(): array
    {
        return $this->runnable ??= array_values(array_filter(
            $this->tasks->runnable(),
            fn(TaskRecord $task): bool => $this->configurations->usable($task->configuration),
        ));
    }
}
