<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Feedback\CallRatingsInterface;
use InvalidArgumentException;
use Netresearch\NrLlm\Domain\Enum\CallOutcome;
use Netresearch\NrLlm\Domain\Enum\CallOutcomeSource;
use Netresearch\NrLlm\Service\Outcome\CallOutcomeRepositoryInterface;

/** nr-llm's outcome repository and its outcome enum (both `@internal`): an editor's explicit verdict only. */
final class CallRatings implements CallRatingsInterface
{
    public function __construct(private readonly CallOutcomeRepositoryInterface $outcomes)
    {
    }

    public function record(string $correlationId, string $rating): void
    {
        $outcome = CallOutcome::tryFrom($rating);
        // nr-llm's own rule: only what the editor says may be posted; the observed outcomes are measured.
        if ($outcome === null || $outcome->source() !== CallOutcomeSource::EXPLICIT) {
            throw new InvalidArgumentException(sprintf('"%s" is not an explicit rating', $rating), 1797100002);
        }
        $this->outcomes->record($correlationId, $outcome);
    }
}
