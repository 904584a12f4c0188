<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\TerminalEvent;
use Closure;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Netresearch\NrLlm\Domain\Model\Task;
use Netresearch\NrLlm\Exception\BudgetExceededException;
use Netresearch\NrLlm\Service\Task\TaskExecutionServiceInterface;
use Psr\Log\LoggerInterface;
use Throwable;

/**
 * One nr-llm task run as the dialog reads a run (CONTRACT.md §2): a step for the model's call, then
 * `done` with the answer and nr-llm's correlation id, so "Helpful" / "Not helpful" reach nr-llm's
 * outcome table (ADR-176). A task has no tools, so it is unattended by construction.
 */
final class TaskEventStream
{
    public function __construct(
        private readonly TaskExecutionServiceInterface $execution,
        private readonly LoggerInterface $logger,
    ) {}

    /** @param Closure(array<string, mixed>): void $emit */
    public function run(Task $task, string $input, int $userUid, Closure $emit): void
    {
        $started = hrtime(true);
        try {
            $result = $this->execution->execute($task, $input, $userUid > 0 ? $userUid : null);
        } catch (BudgetExceededException) {
            $emit(['event' => 'error', 'success' => false, 'error' => Labels::get('error.run.budget', 'Your AI usage budget is used up.')]);

            return;
        } catch (Throwable $exception) {
            $this->logger->error('Ask AI: the nr-llm task could not be executed', ['task' => $task->getUid(), 'exception' => $exception]);
            $emit(TerminalEvent::error());

            return;
        }
        $emit(['event' => 'step', 'step' => ['kind' => 'llm', 'round' => 1, 'durationMs' => round((hrtime(true) - $started) / 1e6, 2)]]);
        $emit(TerminalEvent::done(
            $result->content,
            1,
            false,
            AgentRunTerminationReason::COMPLETED->value,
            $result->usage,
            null,
            $result->correlationId !== '' ? $result->correlationId : null,
        ));
    }
}
