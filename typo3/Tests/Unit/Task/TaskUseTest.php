<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Task;

use AskAiDialog\AskAi\Task\TaskRecord;
use AskAiDialog\AskAi\Task\TaskUse;
use Netresearch\NrLlm\Service\UseCase\EditorialStarterPackProvider;
use Netresearch\NrLlm\Service\UseCase\PackTask;
use PHPUnit\Framework\TestCase;

/**
 * An nr-llm task's answer replaces the selection only where nr-llm's record says the task rewrites the
 * text; everything else goes below it — read off nr-llm's own tasks (its editorial starter pack) as well as
 * made-up ones.
 */
final class TaskUseTest extends TestCase
{
    public function testNrLlmsEditorialStarterTasksRewriteOnlyWhereTheyRewrite(): void
    {
        $uses = [];
        foreach ((new EditorialStarterPackProvider())->getPacks() as $pack) {
            foreach ($pack->tasks as $task) {
                self::assertInstanceOf(PackTask::class, $task);
                $record = new TaskRecord(1, $task->name, $task->description, null, $task->identifier, $task->category->value, $task->outputFormat->value);
                $uses[$task->identifier] = TaskUse::of($record);
            }
        }

        self::assertSame([
            'editorial-starter-summarise' => 'insert',
            'editorial-starter-rewrite' => 'replace',
            'editorial-starter-proofread' => 'insert',
            'editorial-starter-headlines' => 'insert',
        ], $uses);
    }

    /** @return array<string, array{0: string, 1: string, 2: string, 3: string, 4: string}> */
    public static function tasks(): array
    {
        return [
            'a translation' => ['translate-de', 'Translate into German', 'content', 'markdown', 'replace'],
            'German words for an edit' => ['', 'Text vereinfachen', 'general', 'plain', 'replace'],
            'a teaser' => ['teaser', 'Teaser in 160 characters', 'content', 'plain', 'insert'],
            'key points' => ['', 'Key points as a list', 'content', 'markdown', 'insert'],
            'a rewrite that answers JSON' => ['rewrite-json', 'Rewrite as JSON', 'content', 'json', 'insert'],
            'a log analysis that "fixes"' => ['fix-suggestions', 'Fix suggestions for the log', 'log_analysis', 'markdown', 'insert'],
            'nothing said' => ['', 'Something', 'content', 'markdown', 'insert'],
        ];
    }

    /** @dataProvider tasks */
    public function testWhatTheRecordSaysDecides(string $identifier, string $name, string $category, string $format, string $use): void
    {
        self::assertSame($use, TaskUse::of(new TaskRecord(1, $name, '', null, $identifier, $category, $format)));
    }
}
