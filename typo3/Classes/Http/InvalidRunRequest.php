<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use InvalidArgumentException;

/** A run body that does not fit CONTRACT.md §2: answered with 400 and its message; nothing runs. */
final class InvalidRunRequest extends InvalidArgumentException
{
    /** @param list<string|int> $arguments */
    public function __construct(public readonly string $messageKey, string $message, public readonly array $arguments = [])
    {
        parent::__construct(vsprintf($message, $arguments));
    }
}
