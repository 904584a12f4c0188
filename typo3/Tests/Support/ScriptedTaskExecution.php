<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\Model\Task;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;
use Netresearch\NrLlm\Service\Task\TaskExecutionResult;
use Netresearch\NrLlm\Service\Task\TaskExecutionServiceInterface;

/**
 * nr-llm's task execution with the scripted model: the task's instruction on the given input, answered
 * as the scripted runtime answers, with a fresh correlation id per call (as nr-llm mints one).
 */
final class ScriptedTaskExecution implements TaskExecutionServiceInterface
{
    /** @var list<array{task: int, input: string, user: ?int, correlationId: string}> */
    public array $calls = [];

    public function __construct(private readonly ?string $journalFile = null) {}

    public function execute(Task $task, string $input, ?int $beUserUid = null): TaskExecutionResult
    {
        $correlationId = bin2hex(random_bytes(16));
        $call = ['task' => (int)$task->getUid(), 'input' => $input, 'user' => $beUserUid, 'correlationId' => $correlationId];
        $this->calls[] = $call;
        if ($this->journalFile !== null) {
            file_put_contents($this->journalFile, json_encode(['taskRun' => $call]) . "\n", FILE_APPEND | LOCK_EX);
        }
        $answer = ScriptedAnswers::for([ChatMessage::user($task->getDescription() . "\n\nThe text:\n<<<\n" . $input . "\n>>>")]);

        return new TaskExecutionResult(
            content: $answer,
            model: 'scripted',
            outputFormat: 'markdown',
            usage: UsageStatistics::fromTokens((int)ceil(mb_strlen($input) / 4) + 20, (int)ceil(mb_strlen($answer) / 4)),
            correlationId: $correlationId,
        );
    }
}
