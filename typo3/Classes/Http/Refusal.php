<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use RuntimeException;

/**
 * A request the extension answers with an error and does not act on: the HTTP status, the message the
 * editor reads (already in their language), and any header the client needs (`Retry-After`). Thrown by
 * the guard, the request readers and the run limits; the controller turns it into `{success: false,
 * error}` in one place.
 */
final class Refusal extends RuntimeException
{
    /**
     * @param array<string, string> $headers
     * @param array<string, scalar> $fields  more of the error body (a `reason` the client words itself)
     */
    public function __construct(public readonly int $status, string $message, public readonly array $headers = [], public readonly array $fields = [])
    {
        parent::__construct($message, $status);
    }

    public static function badRequest(string $message): self
    {
        return new self(400, $message);
    }
}
