<?php

declare(strict_types=1);

namespace TYPO3\CMS\Core\Configuration\Event;

/** Stand-in (tests only): TYPO3 14's event with the whole prepared RTE configuration. */
final class AfterRichtextConfigurationPreparedEvent
{
    /** @param array<string, mixed> $configuration */
    public function __construct(private array $configuration) {}

    /** @return array<string, mixed> */
    public function getConfiguration(): array
    {
        return $this->configuration;
    }

    /** @param array<string, mixed> $configuration */
    public function setConfiguration(array $configuration): void
    {
        $this->configuration = $configuration;
    }
}
