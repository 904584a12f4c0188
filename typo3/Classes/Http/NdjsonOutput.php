<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

/** Where a streamed run's lines go: the response body as it is sent, or a test's list. */
interface NdjsonOutput
{
    /** Sends the headers and makes every following line reach the client at once. */
    public function open(): void;

    /** @param array<string, mixed> $event */
    public function line(array $event): void;

    /** Whether the client is gone (a line could not be delivered). */
    public function clientGone(): bool;
}
