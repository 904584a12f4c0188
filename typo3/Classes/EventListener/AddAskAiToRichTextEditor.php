<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\EventListener;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Rte\DialogMessages;
use AskAiDialog\AskAi\Rte\RichTextConfiguration;
use AskAiDialog\AskAi\Rte\SiteLanguages;
use AskAiDialog\AskAi\Task\TaskPresets;
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
        private readonly DialogMessages $messages,
        private readonly SiteLanguages $siteLanguages,
        private readonly TaskPresets $taskPresets,
    ) {}

    public function __invoke(BeforePrepareConfigurationForEditorEvent $event): void
    {
        $user = $this->access->currentUser();
        if ($user === null || !$this->access->mayUse($user)) {
            return;
        }
        $data = $event->getData();
        $placement = TaskPresets::placement();
        $event->setConfiguration(RichTextConfiguration::withAskAi(
            $event->getConfiguration(),
            $data,
            $this->messages->for($GLOBALS['LANG'] ?? null),
            $this->siteLanguages->forPage((int)($data['effectivePid'] ?? 0)),
            $placement === 'off' ? [] : $this->taskPresets->forCurrentUser(),
            $placement,
        ));
    }
}
