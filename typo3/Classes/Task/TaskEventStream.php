<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\AnswerCap;
use AskAiDialog\AskAi\Run\RunEnd;
use AskAiDialog\AskAi\Run\RunEvents;
use AskAiDialog\AskAi\Run\RunPath;
use AskAiDialog\AskAi\Run\RunScope;
use AskAiDialog\AskAi\Run\RunWatch;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;

/**
 * One nr-llm task run as the dialog reads a run (CONTRACT.md §2): a step for the model's call, then
 * `done` with the answer and nr-llm's correlation id, so "Helpful" / "Not helpful" reach nr-llm's
 * outcome table (ADR-176). nr-llm's task execution applies the task's prompt template, its skills and
 * its output format, and answers whole (it does not stream). A task has no tools, so it is unattended
 * by construction. Its provider call is bounded by the run's deadline, as every run's is.
 */
final class TaskEventStream
{
    public function __construct(
        private readonly TaskCatalogueInterface $tasks,
        private readonly TaskPresets $presets,
        private readonly Labels $labels,
    ) {
    }

    /**
     * The request's task, when this editor may run it from the dialog, on the editor's text as it is.
     *
     * @throws Refusal 404 for a task not there (or not this editor's), 400 for a note sent with it
     */
    public function path(RunRequest $run): RunPath
    {
        $task = $this->presets->find((int)$run->task);
        if ($task === null) {
            throw new Refusal(404, $this->labels->get('error.task.missing', 'This task does not exist, is switched off, or is not for you.'));
        }
        if ($run->direction !== null) {
            throw Refusal::badRequest($this->labels->get('error.task.direction', 'nr-llm\'s tasks take no note: run the task as it is.'));
        }
        $input = $run->taskInput();

        return new RunPath('nr-llm task ' . $task->uid, fn(RunScope $scope): RunEnd => $this->run($task, $input, $scope));
    }

    private function run(TaskRecord $task, string $input, RunScope $scope): RunEnd
    {
        $started = hrtime(true);
        $answer = $this->tasks->execute($task, $input, $scope->ticket->owner);
        $scope->step(['kind' => 'llm', 'round' => 1, 'durationMs' => round((hrtime(true) - $started) / 1e6, 2)]);
        if ($scope->watch->reason(force: true) === RunWatch::STOPPED) {
            return RunEnd::stopped(RunWatch::STOPPED);
        }
        $cap = new AnswerCap();
        $content = $cap->take($answer->content);
        $correlationId = $answer->correlationId !== '' ? $answer->correlationId : null;

        $completed = AgentRunTerminationReason::COMPLETED->value;

        return RunEnd::with(RunEvents::done($content, 1, false, $completed, $answer->usage, null, $correlationId, $cap->wasCut()));
    }
}
