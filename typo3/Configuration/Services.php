<?php

declare(strict_types=1);

use AskAiDialog\AskAi\EventListener\KeepGeneratedMarkOnSave;
use AskAiDialog\AskAi\NrLlm\NrLlmUnattendedToolFilter;
use AskAiDialog\AskAi\NrLlm\UnattendedFilterChoice;
use AskAiDialog\AskAi\Unattended\UnattendedToolFilterInterface;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use TYPO3\CMS\Core\Configuration\Event\AfterRichtextConfigurationPreparedEvent;

use function Symfony\Component\DependencyInjection\Loader\Configurator\service;

/*
 * ADR-210's filter, decided once, when TYPO3 builds its container: nr-llm's own service where nr-llm
 * provides UnattendedToolFilterInterface, else this extension's port of the rule.
 */
return static function (ContainerConfigurator $configurator, ContainerBuilder $container): void {
    $services = $configurator->services();
    $implementation = UnattendedFilterChoice::implementation();
    if ($implementation === NrLlmUnattendedToolFilter::class) {
        $services->set(NrLlmUnattendedToolFilter::class)
            ->args([service(UnattendedFilterChoice::NR_LLM_INTERFACE)]);
    }
    $services->alias(UnattendedToolFilterInterface::class, $implementation);

    // TYPO3 14 only: keep data-ai-generated through save processing, whatever the preset.
    if (class_exists(AfterRichtextConfigurationPreparedEvent::class)) {
        $services->set(KeepGeneratedMarkOnSave::class)->tag('event.listener', [
            'identifier' => 'ask-ai/keep-generated-mark-on-save',
            'event' => AfterRichtextConfigurationPreparedEvent::class,
        ]);
    }
};
