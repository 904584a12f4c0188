<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

/** The client's id of a run (CONTRACT.md §2 `requestId`): letters, digits and `._:-`, at most 128. */
final class RequestId
{
    public static function isValid(mixed $value): bool
    {
        return is_string($value) && preg_match('/^[A-Za-z0-9._:-]{1,128}$/', $value) === 1;
    }
}
