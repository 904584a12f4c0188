<?php

declare(strict_types=1);

namespace TYPO3\CMS\Core\Configuration\Event;

/**
 * Stand-in (tests only, loaded only where TYPO3 has no such class): TYPO3 14.3's event, with the
 * signature and behaviour of `typo3/cms-core` v14.3 (`Classes/Configuration/Event/AfterRichtextConfigurationPreparedEvent.php`):
 * the prepared RTE configuration, read and replaced whole.
 */
final class AfterRichtextConfigurationPreparedEvent
{
    /** @param array<string, mixed> $configuration */
    public function __construct(private array $configuration)
    {
    }

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
