<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\Enum\ToolDataClass;
use Netresearch\NrLlm\Domain\Enum\ToolEffect;
use Netresearch\NrLlm\Domain\ValueObject\ToolResult;
use Netresearch\NrLlm\Domain\ValueObject\ToolSpec;
use Netresearch\NrLlm\Service\Tool\ToolExecutionContext;

/**
 * A tool for the tests and the test server whose traits are real PHP interfaces: {@see TraitTools}
 * declares a subclass implementing exactly the interfaces its traits name, so nr-llm's rule reads it
 * as it reads a real tool (`instanceof`), and methods of interfaces it does not implement are never
 * called by the rule.
 */
abstract class CatalogueTool
{
    public function __construct(
        private readonly string $name,
        private readonly string $group = 'content',
        private readonly string $description = '',
        private readonly bool $admin = false,
        private readonly bool $enabled = true,
        private readonly ?ToolEffect $effect = null,
        private readonly ?bool $declaration = null,
        private readonly ?ToolDataClass $dataClass = null,
    ) {
    }

    public function getSpec(): ToolSpec
    {
        return new ToolSpec($this->name, $this->description !== '' ? $this->description : $this->name, ['type' => 'object', 'properties' => []]);
    }

    public function execute(array $arguments, ToolExecutionContext $context): ToolResult
    {
        return ToolResult::text(sprintf('(simulated result of %s)', $this->name));
    }

    public function isEnabledByDefault(): bool
    {
        return $this->enabled;
    }

    public function requiresAdmin(): bool
    {
        return $this->admin;
    }

    public function getGroup(): string
    {
        return $this->group;
    }

    /** RemoteApprovalInterface, where the subclass implements it. */
    public function requiresApproval(): bool
    {
        return $this->declaration ?? true;
    }

    /** ToolEffectInterface, where the subclass implements it. */
    public function getEffect(): ToolEffect
    {
        return $this->effect ?? ToolEffect::READ_ONLY;
    }

    /** RequiresInputInterface, where the subclass implements it. */
    public function getInputSchema(): array
    {
        return ['type' => 'object', 'properties' => ['tone' => ['type' => 'string']], 'required' => ['tone']];
    }

    /** ToolDataClassInterface, where the subclass implements it. */
    public function getDataClass(): ToolDataClass
    {
        return $this->dataClass ?? ToolDataClass::SECRET_ADJACENT;
    }
}
