<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Task\TaskAnswer;
use AskAiDialog\AskAi\Task\TaskCatalogueInterface;
use AskAiDialog\AskAi\Task\TaskRecord;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;

/**
 * nr-llm's tasks as the simulated site has them (behind the door, where the real catalogue reads nr-llm's
 * repository): three runnable on the editor's text (two that write something new, one that rewrites), one on a configuration a user may be denied, and the
 * ones the real catalogue leaves out (a task that reads the system log, a switched-off one) are not
 * here. Running one answers as the scripted model does, and each run is journalled.
 */
final class SimulatedTasks implements TaskCatalogueInterface
{
    /** @var array<int, TaskRecord> */
    private array $tasks = [];

    /** @var list<array{task: int, input: string, user: int, correlationId: string}> */
    public array $calls = [];

    public function __construct(SimulatedCatalogue $catalogue, private readonly ?string $journalFile = null)
    {
        $this->tasks[11] = new TaskRecord(11, 'Teaser in 160 characters', 'Write a teaser of at most 160 characters for this text.', null);
        $this->tasks[12] = new TaskRecord(12, 'Key points as a list', 'List the key points of this text.', null);
        $this->tasks[13] = new TaskRecord(13, 'Rewrite in plain language', 'Rewrite this text in plain language.', null, 'plain-language-rewrite', 'content');
        $this->tasks[15] = new TaskRecord(15, 'Internal memo', 'Rewrite this as an internal memo.', $catalogue->configuration('private'));
    }

    /** How often the task list was read. */
    public int $listed = 0;

    /** Thrown by the next reads of the list (a database that fails), when set. */
    public ?\Throwable $failure = null;

    public function runnable(): array
    {
        $this->listed++;
        if ($this->failure !== null) {
            throw $this->failure;
        }

        return array_values($this->tasks);
    }

    public function find(int $uid): ?TaskRecord
    {
        return $this->tasks[$uid] ?? null;
    }

    /** A failure the next task run throws instead of answering (nr-llm's provider failing). */
    public ?\Throwable $nextFailure = null;

    /** Runs as each task run begins (what the call sees of its surroundings). */
    public ?\Closure $during = null;

    public function execute(TaskRecord $task, string $input, int $owner): TaskAnswer
    {
        $this->during?->__invoke();
        if ($this->nextFailure !== null) {
            [$failure, $this->nextFailure] = [$this->nextFailure, null];
            throw $failure;
        }
        $correlationId = sprintf('%08x-%04x-4%03x-a%03x-%012x', random_int(0, 0xffffffff), random_int(0, 0xffff), random_int(0, 0xfff), random_int(0, 0xfff), random_int(0, 0xffffffffffff));
        $call = ['task' => $task->uid, 'input' => $input, 'user' => $owner, 'correlationId' => $correlationId];
        $this->calls[] = $call;
        if ($this->journalFile !== null) {
            file_put_contents($this->journalFile, json_encode(['taskRun' => $call]) . "\n", FILE_APPEND | LOCK_EX);
        }
        $answer = ScriptedAnswers::for([ChatMessage::user($task->description . "\n\nThe text:\n<<<\n" . $input . "\n>>>")]);

        return new TaskAnswer($answer, UsageStatistics::fromTokens((int)ceil(mb_strlen($input) / 4) + 20, (int)ceil(mb_strlen($answer) / 4)), $correlationId);
    }
}
