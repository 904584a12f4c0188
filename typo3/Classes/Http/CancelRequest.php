<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use AskAiDialog\AskAi\Localization\Labels;

/** The body of `POST ask_ai_cancel`: the run's uuid (from `started`), or the client's request id. */
final readonly class CancelRequest
{
    private function __construct(public ?string $runUuid, public ?string $requestId)
    {
    }

    /**
     * @param array<string, mixed> $data
     *
     * @throws Refusal 400 when it names no run
     */
    public static function fromArray(array $data, Labels $labels): self
    {
        $runUuid = $data['runUuid'] ?? null;
        if (is_string($runUuid) && preg_match('/^[0-9a-f-]{36}$/i', $runUuid) === 1) {
            return new self(strtolower($runUuid), RequestId::isValid($data['requestId'] ?? null) ? $data['requestId'] : null);
        }
        $requestId = $data['requestId'] ?? null;
        if (RequestId::isValid($requestId)) {
            return new self(null, $requestId);
        }

        throw Refusal::badRequest($labels->get('error.cancel.invalid', 'Send "runUuid" or "requestId" to cancel a run.'));
    }
}
