<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\Enum\ToolDataClass;
use Netresearch\NrLlm\Domain\Enum\ToolEffect;
use Netresearch\NrLlm\Service\Tool\RemoteApprovalInterface;
use Netresearch\NrLlm\Service\Tool\RemoteToolInterface;
use Netresearch\NrLlm\Service\Tool\RequiresApprovalInterface;
use Netresearch\NrLlm\Service\Tool\RequiresInputInterface;
use Netresearch\NrLlm\Service\Tool\ToolDataClassInterface;
use Netresearch\NrLlm\Service\Tool\ToolEffectInterface;
use Netresearch\NrLlm\Service\Tool\ToolInterface;

/**
 * Builds tools from the contract's five traits (the shape of the shared trait table and of the test
 * server's catalogue), each an instance of a class that implements exactly the matching nr-llm
 * interfaces. PHP cannot express an operator declaration on a local tool (RemoteApprovalInterface
 * extends RemoteToolInterface), so such traits are refused.
 */
final class TraitTools
{
    /** @var array<string, class-string<CatalogueTool>> */
    private static array $classes = [];

    /**
     * @param array{approvalMarker: bool, remote: bool, remoteApproval: ?bool, effect: ?string, requiresInput: bool} $traits
     * @param array{group?: string, description?: string, requiresAdmin?: bool, enabled?: bool, dataClass?: ?string} $facts
     */
    public static function make(string $name, array $traits, array $facts = []): ToolInterface
    {
        if ($traits['remoteApproval'] !== null && !$traits['remote']) {
            throw new \InvalidArgumentException('PHP cannot declare an operator approval on a local tool.');
        }
        $interfaces = [ToolInterface::class];
        if ($traits['approvalMarker']) {
            $interfaces[] = RequiresApprovalInterface::class;
        }
        if ($traits['remoteApproval'] !== null) {
            $interfaces[] = RemoteApprovalInterface::class;
        } elseif ($traits['remote']) {
            $interfaces[] = RemoteToolInterface::class;
        }
        if ($traits['effect'] !== null) {
            $interfaces[] = ToolEffectInterface::class;
        }
        if ($traits['requiresInput']) {
            $interfaces[] = RequiresInputInterface::class;
        }
        $dataClass = isset($facts['dataClass']) ? ToolDataClass::from($facts['dataClass']) : null;
        if ($dataClass !== null) {
            $interfaces[] = ToolDataClassInterface::class;
        }
        $class = self::classFor($interfaces);

        $tool = new $class(
            $name,
            $facts['group'] ?? 'content',
            $facts['description'] ?? '',
            $facts['requiresAdmin'] ?? false,
            $facts['enabled'] ?? true,
            $traits['effect'] !== null ? ToolEffect::from($traits['effect']) : null,
            $traits['remoteApproval'],
            $dataClass,
        );
        assert($tool instanceof ToolInterface);

        return $tool;
    }

    /**
     * @param list<class-string> $interfaces
     *
     * @return class-string<CatalogueTool>
     */
    private static function classFor(array $interfaces): string
    {
        $key = implode(',', $interfaces);
        if (!isset(self::$classes[$key])) {
            $short = 'CatalogueTool' . count(self::$classes);
            $fqcn = __NAMESPACE__ . '\\Generated\\' . $short;
            // One class per combination of interfaces: `instanceof` is what the rule reads.
            eval(sprintf(
                'namespace %s\\Generated; final class %s extends \\%s implements %s {}',
                __NAMESPACE__,
                $short,
                CatalogueTool::class,
                implode(', ', array_map(static fn(string $i): string => '\\' . $i, $interfaces)),
            ));
            self::$classes[$key] = $fqcn;
        }

        return self::$classes[$key];
    }
}
