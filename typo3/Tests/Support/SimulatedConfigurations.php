<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Exception\AccessDeniedException;
use Netresearch\NrLlm\Exception\ConfigurationNotFoundException;
use Netresearch\NrLlm\Service\LlmConfigurationServiceInterface;

/**
 * nr-llm's configuration service over the simulated catalogue's configurations: `getConfiguration()`
 * throws nr-llm's own exceptions for an unknown identifier and for one the user may not use.
 */
final class SimulatedConfigurations implements LlmConfigurationServiceInterface
{
    /** @param list<string> $denied identifiers the current user may not use */
    public function __construct(private readonly SimulatedCatalogue $catalogue, private readonly array $denied = [])
    {
    }

    public function getConfiguration(string $identifier): LlmConfiguration
    {
        if (!isset($this->catalogue->configurations[$identifier])) {
            throw new ConfigurationNotFoundException(sprintf('No configuration "%s"', $identifier), 1795000101);
        }
        if (in_array($identifier, $this->denied, true)) {
            throw new AccessDeniedException(sprintf('No access to "%s"', $identifier), 1795000102);
        }

        return $this->catalogue->configuration($identifier);
    }

    public function getDefaultConfiguration(): LlmConfiguration
    {
        return $this->getConfiguration('default');
    }

    public function getAccessibleConfigurations(): array
    {
        return array_map(
            fn(string $id): LlmConfiguration => $this->catalogue->configuration($id),
            array_values(array_diff(array_keys($this->catalogue->configurations), $this->denied)),
        );
    }

    public function checkAccess(LlmConfiguration $configuration): void
    {
        if (!$this->hasAccess($configuration)) {
            throw new AccessDeniedException('No access', 1795000103);
        }
    }

    public function hasAccess(LlmConfiguration $configuration): bool
    {
        return !in_array($configuration->getIdentifier(), $this->denied, true);
    }

    public function setAsDefault(LlmConfiguration $configuration): void
    {
    }

    public function toggleActive(LlmConfiguration $configuration): void
    {
    }

    public function create(LlmConfiguration $configuration): void
    {
    }

    public function update(LlmConfiguration $configuration): void
    {
    }

    public function delete(LlmConfiguration $configuration): void
    {
    }

    public function isIdentifierAvailable(string $identifier, ?int $excludeUid = null): bool
    {
        return !isset($this->catalogue->configurations[$identifier]);
    }
}
