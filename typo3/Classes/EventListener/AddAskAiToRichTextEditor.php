<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\EventListener;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Rte\EditorOptions;
use AskAiDialog\AskAi\Rte\RichTextConfiguration;
use TYPO3\CMS\Core\Attribute\AsEventListener;
use TYPO3\CMS\RteCKEditor\Form\Element\Event\BeforePrepareConfigurationForEditorEvent;

/**
 * Puts the Ask AI button into every rich-text field, whatever preset it uses, for the editors who may
 * use it (nr-llm's tasks_use grant, or an administrator): nobody else sees a button that would only fail.
 */
#[AsEventListener('ask-ai/rich-text-editor')]
final class AddAskAiToRichTextEditor
{
    public function __construct(
        private readonly EditorAccess $access,
        private readonly EditorOptions $options,
    ) {
    }

    public function __invoke(BeforePrepareConfigurationForEditorEvent $event): void
    {
        $user = $this->access->currentUser();
        if ($user === null || !$this->access->mayUse($user)) {
            return;
        }
        $event->setConfiguration(RichTextConfiguration::withAskAi(
            $event->getConfiguration(),
            $this->options->forField($event->getData(), $user),
        ));
    }
}
