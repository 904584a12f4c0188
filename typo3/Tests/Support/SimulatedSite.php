<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Controller\AskAiController;
use AskAiDialog\AskAi\Http\JsonResponder;
use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Run\RunEventStream;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Task\TaskEventStream;
use AskAiDialog\AskAi\Task\TaskPresets;
use AskAiDialog\AskAi\Tool\OfferableTools;
use AskAiDialog\AskAi\Unattended\UnattendedToolFilter;
use GuzzleHttp\Psr7\HttpFactory;
use Psr\Log\LoggerInterface;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Cache\Frontend\FrontendInterface;

/**
 * The extension wired as TYPO3's container wires it (`Configuration/Services.yaml`), on the simulated
 * catalogue: nr-llm's real registry and rule, the extension's real classes, and stand-ins only for
 * what needs a TYPO3 instance (policy, configurations, runtime, cache, outcome store). The unit tests
 * and the test server (`Tests/Server/router.php`) build the same site.
 */
final class SimulatedSite
{
    public readonly SimulatedCatalogue $catalogue;

    public readonly ScriptedAgentRuntime $runtime;

    public readonly RecordingOutcomes $outcomes;

    public readonly ScriptedTaskExecution $taskExecution;

    public readonly AskAiController $controller;

    /** @param list<string> $deniedConfigurations */
    public function __construct(
        NdjsonOutput $output,
        FrontendInterface $cache,
        LoggerInterface $logger,
        int $stepDelayMs = 0,
        ?string $stateFolder = null,
        array $deniedConfigurations = [],
    ) {
        $this->catalogue = SimulatedCatalogue::fromFixture();
        $registry = $this->catalogue->registry();
        $this->runtime = new ScriptedAgentRuntime($registry, $stepDelayMs, $stateFolder !== null ? $stateFolder . '/journal.ndjson' : null);
        $this->outcomes = new RecordingOutcomes($stateFolder !== null ? $stateFolder . '/outcomes.ndjson' : null);
        $this->taskExecution = new ScriptedTaskExecution($stateFolder !== null ? $stateFolder . '/journal.ndjson' : null);
        $http = new HttpFactory();
        $ledger = new RunLedger($cache);
        $configurations = new SimulatedConfigurations($this->catalogue, $deniedConfigurations);
        $tasks = new SimulatedTasks($this->catalogue);
        $this->controller = new AskAiController(
            new EditorAccess(),
            $configurations,
            new OfferableTools(new SimulatedPolicy($this->catalogue), $registry, new UnattendedToolFilter($registry)),
            new RunEventStream($this->runtime, $ledger, $logger),
            $ledger,
            $this->runtime,
            $this->outcomes,
            $tasks,
            new TaskPresets($tasks, $configurations),
            new TaskEventStream($this->taskExecution, $logger),
            new JsonResponder($http, $http),
            $output,
            $logger,
        );
    }

    /** Logs in one of the simulated backend's users as `$GLOBALS['BE_USER']`; `null` logs out. */
    public static function logIn(?string $who): ?BackendUserAuthentication
    {
        if ($who === null || $who === 'none') {
            unset($GLOBALS['BE_USER']);

            return null;
        }
        $user = new BackendUserAuthentication();
        [$uid, $admin, $grant] = match ($who) {
            'admin' => [1, true, false],
            'no-grant' => [3, false, false],
            'other-editor' => [4, false, true],
            default => [2, false, true],
        };
        $user->user = ['uid' => $uid, 'username' => $who];
        $user->admin = $admin;
        $user->userGroupsUID = [7];
        $user->permissions = $grant ? ['custom_options' => ['tx_nrllm_grants:tasks_use']] : [];
        $GLOBALS['BE_USER'] = $user;

        return $user;
    }
}
