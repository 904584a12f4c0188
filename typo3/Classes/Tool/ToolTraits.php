<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

use Netresearch\NrLlm\Service\Tool\RemoteApprovalInterface;
use Netresearch\NrLlm\Service\Tool\RemoteToolInterface;
use Netresearch\NrLlm\Service\Tool\RequiresApprovalInterface;
use Netresearch\NrLlm\Service\Tool\RequiresInputInterface;
use Netresearch\NrLlm\Service\Tool\ToolEffectInterface;
use Netresearch\NrLlm\Service\Tool\ToolInterface;

/**
 * The five traits of a tool that the approval rule reads (CONTRACT.md §1), read from the interfaces of
 * the object the registry holds, never from what a remote server says of itself (`readOnlyHint`,
 * annotations): a server cannot talk its way into the unattended set.
 */
final readonly class ToolTraits
{
    private function __construct(
        public bool $approvalMarker,
        public bool $remote,
        public ?bool $remoteApproval,
        public ?string $effect,
        public bool $requiresInput,
    ) {}

    public static function of(ToolInterface $tool): self
    {
        return new self(
            approvalMarker: $tool instanceof RequiresApprovalInterface,
            remote: $tool instanceof RemoteToolInterface,
            // The operator's declaration as the tool resolves it (McpServerRecord::approvalRequired()),
            // never the raw column.
            remoteApproval: $tool instanceof RemoteApprovalInterface ? $tool->requiresApproval() : null,
            effect: $tool instanceof ToolEffectInterface ? $tool->getEffect()->value : null,
            requiresInput: $tool instanceof RequiresInputInterface,
        );
    }

    /** @return array{approvalMarker: bool, remote: bool, remoteApproval: ?bool, effect: ?string, requiresInput: bool} */
    public function toArray(): array
    {
        return [
            'approvalMarker' => $this->approvalMarker,
            'remote' => $this->remote,
            'remoteApproval' => $this->remoteApproval,
            'effect' => $this->effect,
            'requiresInput' => $this->requiresInput,
        ];
    }
}
