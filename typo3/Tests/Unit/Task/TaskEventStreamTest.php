<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Task;

use AskAiDialog\AskAi\Task\TaskEventStream;
use AskAiDialog\AskAi\Tests\Support\RecordingLogger;
use AskAiDialog\AskAi\Tests\Support\SimulatedCatalogue;
use AskAiDialog\AskAi\Tests\Support\SimulatedTasks;
use Netresearch\NrLlm\Domain\DTO\BudgetCheckResult;
use Netresearch\NrLlm\Domain\Model\Task;
use Netresearch\NrLlm\Exception\BudgetExceededException;
use Netresearch\NrLlm\Service\Task\TaskExecutionResult;
use Netresearch\NrLlm\Service\Task\TaskExecutionServiceInterface;
use PHPUnit\Framework\TestCase;

final class TaskEventStreamTest extends TestCase
{
    public function testASpentBudgetIsSaidAndAnyOtherFailureIsLoggedNotSent(): void
    {
        $task = (new SimulatedTasks(SimulatedCatalogue::fromFixture()))->find(11);
        self::assertNotNull($task);

        $budget = $this->events(new BudgetExceededException(BudgetCheckResult::denied(BudgetCheckResult::LIMIT_DAILY_REQUESTS, 50.0, 50.0)), $task, $logger);
        self::assertSame([['event' => 'error', 'success' => false, 'error' => 'Your AI usage budget is used up.']], $budget);
        self::assertSame([], $logger->records);

        $failed = $this->events(new \RuntimeException('Provider secret 401'), $task, $logger);
        self::assertSame('error', $failed[0]['event']);
        self::assertStringNotContainsString('secret', $failed[0]['error']);
        self::assertSame('Provider secret 401', $logger->records[0]['context']['exception']->getMessage());
    }

    /** @return list<array<string, mixed>> */
    private function events(\Throwable $thrown, Task $task, ?RecordingLogger &$logger): array
    {
        $logger = new RecordingLogger();
        $execution = new class ($thrown) implements TaskExecutionServiceInterface {
            public function __construct(private readonly \Throwable $thrown) {}

            public function execute(Task $task, string $input, ?int $beUserUid = null): TaskExecutionResult
            {
                throw $this->thrown;
            }
        };
        $events = [];
        (new TaskEventStream($execution, $logger))->run($task, 'text', 2, static function (array $event) use (&$events): void {
            $events[] = $event;
        });

        return $events;
    }
}
