<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use AskAiDialog\AskAi\Localization\Labels;

/**
 * The body of `POST ask_ai_outcome`: the editor's verdict on one answer. Only what an editor says may
 * be posted (`helpful`, `not_helpful`); the observed outcomes are measured by nr-llm, never claimed.
 */
final readonly class OutcomeRequest
{
    public const RATINGS = ['helpful', 'not_helpful'];

    private function __construct(public string $correlationId, public string $rating)
    {
    }

    /**
     * @param array<string, mixed> $data
     *
     * @throws Refusal 400 for another rating or no call reference
     */
    public static function fromArray(array $data, Labels $labels): self
    {
        $rating = $data['outcome'] ?? null;
        if (!in_array($rating, self::RATINGS, true)) {
            throw Refusal::badRequest($labels->get('error.outcome.rating', 'The rating must be "helpful" or "not_helpful".'));
        }
        $correlationId = $data['correlationId'] ?? null;
        if (!is_string($correlationId) || preg_match('/^[A-Za-z0-9._:-]{1,64}$/', $correlationId) !== 1) {
            throw Refusal::badRequest($labels->get('error.outcome.call', 'This answer cannot be rated: it carries no call reference.'));
        }

        return new self($correlationId, $rating);
    }
}
