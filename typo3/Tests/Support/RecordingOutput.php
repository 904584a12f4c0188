<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Http\EchoNdjsonOutput;
use AskAiDialog\AskAi\Http\NdjsonOutput;

/** The streamed answer as a list, each line encoded (and padded) as the real output sends it. */
final class RecordingOutput implements NdjsonOutput
{
    public bool $opened = false;

    /** @var list<string> */
    public array $lines = [];

    /** Set by a test: the client went away after this many lines. */
    public ?int $goneAfter = null;

    /** Runs after each line (a test's Stop from "another request"). */
    public ?\Closure $afterLine = null;

    public function open(): void
    {
        $this->opened = true;
    }

    public function line(array $event): void
    {
        $this->lines[] = EchoNdjsonOutput::encode($event);
        if ($this->afterLine !== null) {
            ($this->afterLine)($event);
        }
    }

    public function clientGone(): bool
    {
        return $this->goneAfter !== null && count($this->lines) >= $this->goneAfter;
    }

    /** @return list<array<string, mixed>> */
    public function events(): array
    {
        return array_map(static fn(string $line): array => json_decode($line, true, 64, JSON_THROW_ON_ERROR), $this->lines);
    }

    /** @return list<string> the events' names, in order */
    public function names(): array
    {
        return array_map(static fn(array $event): string => (string)$event['event'], $this->events());
    }
}
