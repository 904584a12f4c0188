<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Netresearch\NrLlm\Domain\ValueObject\RunStep;

/**
 * What the editor's dialog sees of a step: its kind, round and duration, and for a tool its name and
 * whether it failed. An allow-list, not a deny-list: the transcript (`messagesSent`, `raw`, `thinking`,
 * `toolSpecs`), tool arguments and results never leave the server, whatever nr-llm adds to a step later.
 */
final class StepView
{
    private const KEYS = ['kind', 'round', 'durationMs', 'toolName', 'toolIsError', 'finishReason'];

    /** @return array<string, mixed> */
    public static function of(RunStep $step): array
    {
        return array_intersect_key($step->toArray(), array_flip(self::KEYS));
    }
}
