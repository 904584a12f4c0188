<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Tool\ToolCatalogueInterface;
use AskAiDialog\AskAi\Tool\ToolDescription;
use AskAiDialog\AskAi\Tool\ToolTraits;
use Netresearch\NrLlm\Service\Tool\RemoteApprovalInterface;
use Netresearch\NrLlm\Service\Tool\RemoteToolInterface;
use Netresearch\NrLlm\Service\Tool\RequiresApprovalInterface;
use Netresearch\NrLlm\Service\Tool\RequiresInputInterface;
use Netresearch\NrLlm\Service\Tool\ToolEffectInterface;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;

/**
 * nr-llm's registry and the tool interfaces the approval rule reads. None of them is nr-llm `@api`
 * (ADR-127), so they are read here and nowhere else in the extension.
 */
final class RegistryToolCatalogue implements ToolCatalogueInterface
{
    public function __construct(private readonly ToolRegistry $registry)
    {
    }

    public function describe(string $name): ?ToolDescription
    {
        $tool = $this->registry->get($name);
        if ($tool === null) {
            return null;
        }

        return new ToolDescription(
            name: $name,
            description: $tool->getSpec()->description,
            group: $tool->getGroup(),
            traits: new ToolTraits(
                approvalMarker: $tool instanceof RequiresApprovalInterface,
                remote: $tool instanceof RemoteToolInterface,
                // The operator's declaration as the tool resolves it (McpServerRecord::approvalRequired()),
                // never the raw column.
                remoteApproval: $tool instanceof RemoteApprovalInterface ? $tool->requiresApproval() : null,
                effect: $tool instanceof ToolEffectInterface ? $tool->getEffect()->value : null,
                requiresInput: $tool instanceof RequiresInputInterface,
            ),
        );
    }
}
