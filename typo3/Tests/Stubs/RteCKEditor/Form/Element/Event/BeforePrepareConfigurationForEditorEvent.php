<?php

declare(strict_types=1);

namespace TYPO3\CMS\RteCKEditor\Form\Element\Event;

/** Stand-in (tests only): rte_ckeditor's event, with the editor's configuration and FormEngine's data. */
final class BeforePrepareConfigurationForEditorEvent
{
    /**
     * @param array<string, mixed> $configuration
     * @param array<string, mixed> $data
     */
    public function __construct(private array $configuration, private readonly array $data) {}

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

    /** @return array<string, mixed> */
    public function getData(): array
    {
        return $this->data;
    }
}
