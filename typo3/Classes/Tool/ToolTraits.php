<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

/**
 * The five traits of a tool that the approval rule reads (CONTRACT.md §1), as read from the interfaces
 * of the object nr-llm's registry holds, never from what a remote server says of itself (`readOnlyHint`,
 * annotations): a server cannot talk its way into the unattended set.
 */
final readonly class ToolTraits
{
    public function __construct(
        public bool $approvalMarker,
        public bool $remote,
        public ?bool $remoteApproval,
        public ?string $effect,
        public bool $requiresInput,
    ) {
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
