<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Unattended\UnattendedToolFilterInterface;

/**
 * The extension's question answered by nr-llm's own ADR-210 service, where nr-llm has one.
 * Registered only then ({@see UnattendedFilterChoice}); the service is typed loosely because the
 * interface does not exist in the nr-llm release this extension is pinned to.
 */
final class NrLlmUnattendedToolFilter implements UnattendedToolFilterInterface
{
    /** @param object $nrLlmFilter an instance of {@see UnattendedFilterChoice::NR_LLM_INTERFACE} */
    public function __construct(private readonly object $nrLlmFilter)
    {
    }

    public function unattended(array $toolNames): array
    {
        $names = $this->nrLlmFilter->unattended(array_values($toolNames));

        return array_values(array_filter(is_array($names) ? $names : [], 'is_string'));
    }
}
