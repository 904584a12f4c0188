<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Task;

use Netresearch\NrLlm\Domain\Enum\TaskInputType;
use Netresearch\NrLlm\Domain\Model\Task;
use Netresearch\NrLlm\Service\LlmConfigurationServiceInterface;

/**
 * The nr-llm tasks an editor can run from the dialog, as its presets: active tasks that take typed
 * input (the editor's text; tasks that read logs, tables or files belong to the AI Tasks module) and
 * whose configuration the editor may use. Each runs through nr-llm's task execution, without tools.
 */
final class TaskPresets
{
    /** Where the tasks go in the dialog: `beside` its own presets, `instead` of them, or `off`. */
    public const PLACEMENTS = ['beside', 'instead', 'off'];

    public function __construct(
        private readonly TaskCatalogueInterface $tasks,
        private readonly LlmConfigurationServiceInterface $configurations,
    ) {}

    /** @return list<array{id: string, label: string, prompt: string, task: int}> */
    public function forCurrentUser(): array
    {
        $presets = [];
        foreach ($this->tasks->active() as $task) {
            if ($this->mayRun($task)) {
                $presets[] = [
                    'id' => 'nr-llm-task-' . $task->getUid(),
                    'label' => $task->getName(),
                    'prompt' => $task->getDescription() !== '' ? $task->getDescription() : $task->getName(),
                    'task' => (int)$task->getUid(),
                ];
            }
        }

        return $presets;
    }

    public function mayRun(Task $task): bool
    {
        if (!$task->isActive() || $task->getInputTypeEnum() !== TaskInputType::MANUAL) {
            return false;
        }
        $configuration = $task->getConfiguration();

        return $configuration === null || $this->configurations->hasAccess($configuration);
    }

    /** The site's choice (Settings › Extension Configuration › ask_ai › taskPresets). */
    public static function placement(): string
    {
        $setting = $GLOBALS['TYPO3_CONF_VARS']['EXTENSIONS']['ask_ai']['taskPresets'] ?? 'beside';

        return in_array($setting, self::PLACEMENTS, true) ? $setting : 'beside';
    }
}
