<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Psr\Log\AbstractLogger;

/** Keeps what was logged: the tests assert that exceptions are logged and never sent. */
final class RecordingLogger extends AbstractLogger
{
    /** @var list<array{level: string, message: string, context: array<string, mixed>}> */
    public array $records = [];

    public function log($level, $message, array $context = []): void
    {
        $this->records[] = ['level' => (string)$level, 'message' => (string)$message, 'context' => $context];
    }
}
