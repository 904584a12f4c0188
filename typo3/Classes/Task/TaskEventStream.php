<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use AskAiDialog\AskAi\Run\AnswerCap;
use AskAiDialog\AskAi\Run\Failure;
use AskAiDialog\AskAi\Run\ProviderTimeout;
use AskAiDialog\AskAi\Run\RunEvents;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Run\RunTicket;
use AskAiDialog\AskAi\Run\RunWatch;
use Closure;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Psr\Log\LoggerInterface;
use Throwable;

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
        private readonly RunLedger $ledger,
        private readonly RunEvents $events,
        private readonly LoggerInterface $logger,
    ) {
    }

    /** @param Closure(array<string, mixed>): void $emit */
    public function run(TaskRecord $task, string $input, RunTicket $ticket, RunWatch $watch, ProviderTimeout $timeout, Closure $emit): void
    {
        $started = hrtime(true);
        $timeout->limit($watch->secondsLeft());
        try {
            $answer = $this->tasks->execute($task, $input, $ticket->owner);
        } catch (Throwable $exception) {
            $failure = Failure::of($exception, $watch->pastDeadline());
            $this->logger->error(
                'Ask AI: the nr-llm task could not be executed',
                ['task' => $task->uid, 'exception' => $exception, 'reason' => $failure->reason],
            );
            $this->ledger->finish($ticket->entry, null, null, time());
            $emit($this->events->failure($failure, (int)round($ticket->deadlineAt - $ticket->startedAt)));

            return;
        } finally {
            $timeout->restore();
        }
        $emit(['event' => 'step', 'step' => ['kind' => 'llm', 'round' => 1, 'durationMs' => round((hrtime(true) - $started) / 1e6, 2)]]);
        $correlationId = $answer->correlationId !== '' ? $answer->correlationId : null;
        $this->ledger->finish($ticket->entry, $correlationId, null, time());
        if ($watch->reason(force: true) === RunWatch::STOPPED) {
            $emit($this->events->cancelled());

            return;
        }
        $cap = new AnswerCap();
        $content = $cap->take($answer->content);
        $emit(RunEvents::done($content, 1, false, AgentRunTerminationReason::COMPLETED->value, $answer->usage, null, $correlationId, $cap->wasCut()));
    }
}
