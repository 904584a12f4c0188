<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Feedback;

/** nr-llm's per-call outcome table (ADR-176), where an editor's verdict on an answer goes. */
interface CallRatingsInterface
{
    /** @param 'helpful'|'not_helpful' $rating */
    public function record(string $correlationId, string $rating): void;
}
