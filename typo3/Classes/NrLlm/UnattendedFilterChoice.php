<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Unattended\UnattendedToolFilterInterface;

/**
 * Which implementation answers {@see UnattendedToolFilterInterface}, decided once, when TYPO3 builds its
 * container (`Configuration/Services.php`): nr-llm's own ADR-210 service where nr-llm provides the
 * interface, else this extension's port of the rule. ADR-210 names the interface but not its namespace;
 * nr-llm keeps its tool interfaces in `Service\Tool`, so that is where this looks.
 */
final class UnattendedFilterChoice
{
    public const NR_LLM_INTERFACE = 'Netresearch\\NrLlm\\Service\\Tool\\UnattendedToolFilterInterface';

    /** @return class-string<UnattendedToolFilterInterface> */
    public static function implementation(?string $nrLlmInterface = self::NR_LLM_INTERFACE): string
    {
        return $nrLlmInterface !== null && interface_exists($nrLlmInterface)
            ? NrLlmUnattendedToolFilter::class
            : ApprovalRuleFilter::class;
    }
}
