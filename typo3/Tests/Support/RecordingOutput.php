<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Http\EchoNdjsonOutput;
use AskAiDialog\AskAi\Http\NdjsonOutput;

/** A streamed answer's lines, kept as they would be sent (padded), for assertions. */
final class RecordingOutput implements NdjsonOutput
{
    public bool $opened = false;

    /** @var list<string> */
    public array $lines = [];

    public function open(): void
    {
        $this->opened = true;
    }

    public function line(array $event): void
    {
        $this->lines[] = EchoNdjsonOutput::encode($event);
    }

    /** @return list<array<string, mixed>> */
    public function events(): array
    {
        return array_map(static fn(string $line): array => json_decode($line, true, 64, JSON_THROW_ON_ERROR), $this->lines);
    }
}
