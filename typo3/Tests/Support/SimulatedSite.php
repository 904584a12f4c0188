<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Controller\AskAiController;
use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Http\RouteUrlsInterface;
use AskAiDialog\AskAi\Run\ChatStreamInterface;
use AskAiDialog\AskAi\Run\RunIdentityInterface;
use AskAiDialog\AskAi\Access\ConfigurationVisibilityInterface;
use AskAiDialog\AskAi\Image\ImageSourceInterface;
use AskAiDialog\AskAi\Image\VisionInterface;
use AskAiDialog\AskAi\Task\TaskCatalogueInterface;
use AskAiDialog\AskAi\Tool\PageTitlesInterface;
use GuzzleHttp\Psr7\HttpFactory;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Netresearch\NrLlm\Service\LlmConfigurationServiceInterface;
use Netresearch\NrLlm\Service\Outcome\CallOutcomeRepositoryInterface;
use Netresearch\NrLlm\Service\Tool\ToolCallPolicyInterface;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;
use Psr\Clock\ClockInterface;
use Psr\Http\Message\ResponseFactoryInterface;
use Psr\Http\Message\StreamFactoryInterface;
use Psr\Log\LoggerInterface;
use Symfony\Component\Clock\NativeClock;
use Symfony\Component\DependencyInjection\Container;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Cache\Backend\TransientMemoryBackend;
use TYPO3\CMS\Core\Cache\Frontend\VariableFrontend;
use TYPO3\CMS\Core\Database\ConnectionPool;
use TYPO3\CMS\Core\Site\SiteFinder;

/**
 * The extension as TYPO3's container wires it (`Configuration/Services.yaml`, compiled by
 * {@see TestContainer}), on the simulated catalogue: nr-llm's real registry and rule, the extension's
 * real classes and its real door classes where they need no nr-llm database, TYPO3's real database layer
 * on SQLite, and simulated nr-llm services (policy, configurations, agent runtime, streaming chat, tasks,
 * outcome store). The unit tests and the test server (`Tests/Server/router.php`) build the same site.
 */
final class SimulatedSite
{
    public readonly SimulatedCatalogue $catalogue;

    public readonly ScriptedAgentRuntime $runtime;

    public readonly ScriptedChat $chat;

    public readonly RecordingOutcomes $outcomes;

    public readonly SimulatedTasks $tasks;

    public readonly RecordingLogger $logger;

    public readonly SimulatedImages $images;

    public readonly SimulatedDoor $door;

    public readonly ConnectionPool $database;

    public readonly Container $container;

    public readonly AskAiController $controller;

    /**
     * @param list<string>         $deniedConfigurations configurations the user may not use
     * @param array<string, mixed> $settings             the extension's settings (ext_conf_template.txt)
     * @param list<string>         $hiddenConfigurations configurations an administrator hid
     */
    public function __construct(
        NdjsonOutput $output,
        int $stepDelayMs = 0,
        ?string $stateFolder = null,
        array $deniedConfigurations = [],
        array $settings = [],
        array $hiddenConfigurations = [],
        ?ClockInterface $clock = null,
        bool $visionAvailable = true,
    ) {
        $journal = $stateFolder !== null ? $stateFolder . '/journal.ndjson' : null;
        $this->catalogue = SimulatedCatalogue::fromFixture();
        $registry = $this->catalogue->registry();
        $this->runtime = new ScriptedAgentRuntime($registry, $stepDelayMs, $journal);
        $this->chat = new ScriptedChat($stepDelayMs > 0 ? (int)max(5, $stepDelayMs / 4) : 0, $journal);
        $this->outcomes = new RecordingOutcomes($stateFolder !== null ? $stateFolder . '/outcomes.ndjson' : null);
        $this->tasks = new SimulatedTasks($this->catalogue, $journal);
        $this->logger = new RecordingLogger();
        $this->images = new SimulatedImages($visionAvailable);
        $this->database = TestDatabase::connect($stateFolder !== null ? $stateFolder . '/site.sqlite' : null);
        $door = $this->door = new SimulatedDoor($this->runtime, $hiddenConfigurations);
        $http = new HttpFactory();

        $this->container = TestContainer::create();
        $external = [
            ToolCallPolicyInterface::class => new SimulatedPolicy($this->catalogue),
            ToolRegistry::class => $registry,
            LlmConfigurationServiceInterface::class => new SimulatedConfigurations($this->catalogue, $deniedConfigurations),
            AgentRuntimeInterface::class => $this->runtime,
            CallOutcomeRepositoryInterface::class => $this->outcomes,
            ConnectionPool::class => $this->database,
            LoggerInterface::class => $this->logger,
            ResponseFactoryInterface::class => $http,
            StreamFactoryInterface::class => $http,
            ClockInterface::class => $clock ?? new NativeClock(),
            ExtensionSettings::class => new ExtensionSettings(null, $settings),
            NdjsonOutput::class => $output,
            'cache.ask_ai_limits' => new VariableFrontend('ask_ai_limits', new TransientMemoryBackend('Testing')),
            TaskCatalogueInterface::class => $this->tasks,
            ChatStreamInterface::class => $this->chat,
            RunIdentityInterface::class => $door,
            ConfigurationVisibilityInterface::class => $door,
            VisionInterface::class => $this->images,
            ImageSourceInterface::class => $this->images,
            RouteUrlsInterface::class => new SimulatedRouteUrls(),
            PageTitlesInterface::class => new SimulatedPageTitles(),
        ];
        foreach ($external as $id => $service) {
            $this->container->set($id, $service);
        }
        $this->container->set(SiteFinder::class, new NoSites());
        $controller = $this->container->get(AskAiController::class);
        assert($controller instanceof AskAiController);
        $this->controller = $controller;
    }

    /**
     * Logs in one of the simulated backend's users as `$GLOBALS['BE_USER']` — TYPO3's own class, as a
     * site's login fills it (`user` row, group data with nr-llm's grant in `custom_options`); `null` logs out.
     */
    public static function logIn(?string $who): ?BackendUserAuthentication
    {
        if ($who === null || $who === 'none') {
            unset($GLOBALS['BE_USER']);

            return null;
        }
        [$uid, $admin, $grant] = match ($who) {
            'admin' => [1, true, false],
            'no-grant' => [3, false, false],
            'other-editor' => [4, false, true],
            default => [2, false, true],
        };
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => $uid, 'username' => $who, 'admin' => $admin ? 1 : 0];
        $user->userGroupsUID = [7];
        $user->groupData['custom_options'] = $grant ? 'tx_nrllm_grants:tasks_use' : '';
        $GLOBALS['BE_USER'] = $user;

        return $user;
    }
}
