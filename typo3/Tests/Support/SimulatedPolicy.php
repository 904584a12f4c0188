<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\Enum\ToolDataClass;
use Netresearch\NrLlm\Domain\Enum\ToolDenialReason;
use Netresearch\NrLlm\Domain\Enum\TrustZone;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Domain\ValueObject\ToolPolicyDecision;
use Netresearch\NrLlm\Service\Tool\ToolCallPolicyInterface;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/**
 * nr-llm's five gates (ADR-094) over the simulated catalogue, in nr-llm's order: registered, enabled,
 * admin tier, the configuration's tool groups, the trust zone's data-class ceiling (nr-llm's own
 * `TrustZone` and `ToolDataClass`). The real `ToolCallPolicy` reads the database; the simulated
 * backend's policy (src/mock-backend/policy.ts) is the one this mirrors.
 */
final class SimulatedPolicy implements ToolCallPolicyInterface
{
    public function __construct(private readonly SimulatedCatalogue $catalogue)
    {
    }

    public function decide(string $toolName, LlmConfiguration $configuration, ?BackendUserAuthentication $user): ToolPolicyDecision
    {
        $settings = $this->catalogue->configurations[$configuration->getIdentifier()] ?? ['trustZone' => 'externalGlobal', 'allowedGroups' => []];
        $zone = TrustZone::fromStringOrStrictest($settings['trustZone']);
        $facts = $this->catalogue->facts[$toolName] ?? null;
        $dataClass = $facts === null ? ToolDataClass::SECRET_ADJACENT : ToolDataClass::from($facts['dataClass']);
        $deny = static fn(ToolDenialReason $reason): ToolPolicyDecision => new ToolPolicyDecision($toolName, false, $dataClass, $zone, $zone->maxDataClass(), $reason);

        return match (true) {
            $facts === null => $deny(ToolDenialReason::NOT_REGISTERED),
            !$facts['enabled'] => $deny(ToolDenialReason::TOOL_DISABLED),
            $facts['requiresAdmin'] && !($user?->isAdmin() ?? false) => $deny(ToolDenialReason::REQUIRES_ADMIN),
            $settings['allowedGroups'] !== null && !in_array($facts['group'], $settings['allowedGroups'], true) => $deny(ToolDenialReason::CONFIGURATION_GROUP),
            !$zone->permits($dataClass) => $deny(ToolDenialReason::TRUST_ZONE),
            default => new ToolPolicyDecision($toolName, true, $dataClass, $zone, $zone->maxDataClass()),
        };
    }

    public function filterOfferable(?array $requested, LlmConfiguration $configuration, ?BackendUserAuthentication $user): array
    {
        $candidates = $requested ?? array_keys(array_filter($this->catalogue->facts, static fn(array $f): bool => $f['enabled']));

        return array_values(array_filter(
            $candidates,
            fn(mixed $name): bool => is_string($name) && $this->decide($name, $configuration, $user)->allowed,
        ));
    }

    public function explain(?array $requested, LlmConfiguration $configuration, ?BackendUserAuthentication $user): array
    {
        $candidates = $requested ?? array_keys($this->catalogue->facts);

        return array_map(fn(string $name): ToolPolicyDecision => $this->decide($name, $configuration, $user), array_values($candidates));
    }
}
