<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Task\TaskCatalogueInterface;
use Netresearch\NrLlm\Domain\Model\Task;

/**
 * nr-llm task records for the tests and the test server (nr-llm's own `Task` model): two an editor can
 * run, one that reads the system log (not for the dialog), one switched off, one on a configuration
 * the editor may not use.
 */
final class SimulatedTasks implements TaskCatalogueInterface
{
    /** @var array<int, Task> */
    private array $tasks = [];

    public function __construct(SimulatedCatalogue $catalogue)
    {
        $this->add(11, 'Teaser in 160 characters', 'Write a teaser of at most 160 characters for this text.', 'manual', true);
        $this->add(12, 'Key points as a list', 'List the key points of this text.', 'manual', true);
        $this->add(13, 'Explain the system log', 'Explain the latest errors of the system log.', 'syslog', true);
        $this->add(14, 'Old press-release style', 'Rewrite this as a press release.', 'manual', false);
        $this->add(15, 'Internal memo', 'Rewrite this as an internal memo.', 'manual', true)
            ->setConfiguration($catalogue->configuration('private'));
    }

    public function active(): array
    {
        return array_values(array_filter($this->tasks, static fn(Task $t): bool => $t->isActive()));
    }

    public function find(int $uid): ?Task
    {
        return $this->tasks[$uid] ?? null;
    }

    private function add(int $uid, string $name, string $description, string $inputType, bool $active): Task
    {
        $task = new Task();
        $task->_setProperty('uid', $uid);
        $task->setName($name);
        $task->setDescription($description);
        $task->setPromptTemplate($description . "\n\n{{input}}");
        $task->setInputType($inputType);
        $task->setIsActive($active);

        return $this->tasks[$uid] = $task;
    }
}
