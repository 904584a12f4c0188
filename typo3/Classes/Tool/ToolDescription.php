<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

/** A registered tool as the dialog describes it: what the model reads, what the rule reads. */
final readonly class ToolDescription
{
    public function __construct(
        public string $name,
        public string $description,
        public string $group,
        public ToolTraits $traits,
    ) {
    }
}
