<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Unattended\UnattendedToolFilterInterface;
use Netresearch\NrLlm\Service\Tool\RequiresInputInterface;
use Netresearch\NrLlm\Service\Tool\ToolApprovalRule;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;

/**
 * ADR-210 as the seed decides it, on nr-llm's own rule and registry (both outside nr-llm's `@api`, so
 * this class stands behind the extension's door to nr-llm):
 *
 * - each name is looked up in the registry (exact, case-sensitive); an unknown name is left out, because
 *   the rule answers "no approval" for `null` and a filter by name must not offer what it cannot judge;
 * - `ToolApprovalRule::requiresApproval()` decides approval, so the marker, the operator's declaration
 *   on a remote tool, the remote exemption and a declared write effect all count exactly as in a run;
 * - a `RequiresInputInterface` tool is left out too: the loop pauses for its input;
 * - the order of the input is kept, and so are duplicates (as `filterOfferable()` keeps them).
 *
 * It narrows a list; whether a tool may be offered at all is `ToolCallPolicyInterface`'s question.
 */
final class ApprovalRuleFilter implements UnattendedToolFilterInterface
{
    public function __construct(private readonly ToolRegistry $registry)
    {
    }

    public function unattended(array $toolNames): array
    {
        $unattended = [];
        foreach ($toolNames as $name) {
            if (!is_string($name)) {
                continue;
            }
            $tool = $this->registry->get($name);
            if ($tool === null || $tool instanceof RequiresInputInterface || ToolApprovalRule::requiresApproval($tool)) {
                continue;
            }
            $unattended[] = $name;
        }

        return $unattended;
    }
}
