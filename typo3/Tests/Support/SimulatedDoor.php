<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Access\ConfigurationVisibilityInterface;
use AskAiDialog\AskAi\Run\RunIdentityInterface;
use AskAiDialog\AskAi\Run\RunLedger;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;

/**
 * The door's answers that read nr-llm's tables on a site: every simulated configuration is visible
 * unless named hidden, and the running run is the one the scripted runtime is executing.
 */
final class SimulatedDoor implements ConfigurationVisibilityInterface, RunIdentityInterface
{
    /** @param list<string> $hidden identifiers of configurations an administrator hid */
    public function __construct(private readonly ScriptedAgentRuntime $runtime, private readonly array $hidden = [])
    {
    }

    public function isVisible(LlmConfiguration $configuration): bool
    {
        return !in_array($configuration->getIdentifier(), $this->hidden, true);
    }

    /**
     * The runs other workers (ones that died) were executing, by worker: each run's uuid and the second
     * nr-llm created it, which the lookup compares as nr-llm's table does (`crdate` not before the time asked).
     *
     * @var array<string, list<array{uuid: string, created: int}>>
     */
    public array $runsOfWorkers = [];

    public function runningRun(int $owner, int $startedNotBefore, ?string $worker = null): ?string
    {
        if ($worker !== null && $worker !== RunLedger::worker()) {
            $runs = array_filter($this->runsOfWorkers[$worker] ?? [], static fn(array $run): bool => $run['created'] >= $startedNotBefore);

            return $runs === [] ? null : end($runs)['uuid'];
        }

        return $this->runtime->running === null || $this->runtime->running['owner'] !== $owner ? null : $this->runtime->running['uuid'];
    }
}
