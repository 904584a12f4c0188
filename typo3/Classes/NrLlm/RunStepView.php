<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Run\StepViewInterface;
use Netresearch\NrLlm\Domain\ValueObject\RunStep;

/** nr-llm's `RunStep` (not `@api`), read here only: the allow-listed keys of its array form. */
final class RunStepView implements StepViewInterface
{
    private const KEYS = ['kind', 'round', 'durationMs', 'toolName', 'toolIsError', 'finishReason'];

    public function view(object $step): array
    {
        return $step instanceof RunStep ? array_intersect_key($step->toArray(), array_flip(self::KEYS)) : [];
    }
}
