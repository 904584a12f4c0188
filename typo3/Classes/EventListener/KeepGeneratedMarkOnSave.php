<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\EventListener;

use AskAiDialog\AskAi\Rte\GeneratedMarkProcessing;
use TYPO3\CMS\Core\Configuration\Event\AfterRichtextConfigurationPreparedEvent;

/**
 * TYPO3 14: keeps `data-ai-generated` through save processing for every preset, added to the span
 * attributes in force. TYPO3 13.4 has no such event: there the `ask_ai` preset, or the processing rule
 * in docs/typo3.md, does it. Registered by Configuration/Services.php only where the event exists.
 */
final class KeepGeneratedMarkOnSave
{
    public function __invoke(AfterRichtextConfigurationPreparedEvent $event): void
    {
        $event->setConfiguration(GeneratedMarkProcessing::addTo($event->getConfiguration()));
    }
}
