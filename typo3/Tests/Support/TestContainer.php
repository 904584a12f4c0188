<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Access\ConfigurationVisibilityInterface;
use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Http\RouteUrlsInterface;
use AskAiDialog\AskAi\Image\ImageSourceInterface;
use AskAiDialog\AskAi\Image\VisionInterface;
use AskAiDialog\AskAi\Run\ChatStreamInterface;
use AskAiDialog\AskAi\Run\RunIdentityInterface;
use AskAiDialog\AskAi\Task\TaskCatalogueInterface;
use AskAiDialog\AskAi\Tool\PageTitlesInterface;
use Netresearch\NrLlm\Domain\Repository\TaskRepository;
use Netresearch\NrLlm\Provider\ProviderAdapterRegistryInterface;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Netresearch\NrLlm\Service\Feature\VisionServiceInterface;
use Netresearch\NrLlm\Service\LlmConfigurationServiceInterface;
use Netresearch\NrLlm\Service\LlmServiceManagerInterface;
use Netresearch\NrLlm\Service\Outcome\CallOutcomeRepositoryInterface;
use Netresearch\NrLlm\Service\Task\TaskExecutionServiceInterface;
use Netresearch\NrLlm\Service\Tool\ToolCallPolicyInterface;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;
use Psr\Clock\ClockInterface;
use Psr\Http\Message\ResponseFactoryInterface;
use Psr\Http\Message\StreamFactoryInterface;
use Psr\Log\LoggerInterface;
use Symfony\Component\Config\FileLocator;
use Symfony\Component\DependencyInjection\Compiler\CompilerPassInterface;
use Symfony\Component\DependencyInjection\Container;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Dumper\PhpDumper;
use Symfony\Component\DependencyInjection\Loader\PhpFileLoader;
use Symfony\Component\DependencyInjection\Loader\YamlFileLoader;
use TYPO3\CMS\Backend\Routing\UriBuilder;
use TYPO3\CMS\Core\Database\ConnectionPool;
use TYPO3\CMS\Core\Resource\ResourceFactory;
use TYPO3\CMS\Core\Site\SiteFinder;

/**
 * The extension's services as TYPO3 builds them: its real `Configuration/Services.yaml` and
 * `Services.php`, loaded into Symfony's container builder and compiled once per test process (dumped to
 * a class, so each site gets a fresh container cheaply). What lies outside the extension — nr-llm's
 * services, TYPO3's database, files and sites, the logger — is synthetic: each site sets its own.
 * Behind the door to nr-llm, the implementations that need nr-llm's database (its tasks, its run table,
 * its streaming chat, its configuration records) are replaced by synthetic ones too; the real ones run
 * in the real-TYPO3 tests.
 */
final class TestContainer
{
    /** Services the extension's classes are given from outside. */
    public const EXTERNAL = [
        ToolCallPolicyInterface::class,
        ToolRegistry::class,
        LlmConfigurationServiceInterface::class,
        AgentRuntimeInterface::class,
        LlmServiceManagerInterface::class,
        VisionServiceInterface::class,
        ProviderAdapterRegistryInterface::class,
        TaskRepository::class,
        TaskExecutionServiceInterface::class,
        CallOutcomeRepositoryInterface::class,
        ConnectionPool::class,
        ResourceFactory::class,
        UriBuilder::class,
        SiteFinder::class,
        LoggerInterface::class,
        ResponseFactoryInterface::class,
        StreamFactoryInterface::class,
        ClockInterface::class,
        ExtensionSettings::class,
        NdjsonOutput::class,
        'cache.ask_ai_limits',
    ];

    /**
     * Interfaces whose implementations need nr-llm's database or TYPO3's files and routes (behind the door:
     * nr-llm's tasks, its run table, its streaming chat, its configuration records; beside it: vision, the
     * site's images, the backend's route URLs, page titles as the editor may see them): synthetic here, simulated by each site.
     */
    public const SIMULATED = [
        TaskCatalogueInterface::class,
        RunIdentityInterface::class,
        ChatStreamInterface::class,
        ConfigurationVisibilityInterface::class,
        VisionInterface::class,
        ImageSourceInterface::class,
        RouteUrlsInterface::class,
        PageTitlesInterface::class,
    ];

    private const CLASS_NAME = 'AskAiTestContainer';

    public static function create(): Container
    {
        if (!class_exists(self::CLASS_NAME, false)) {
            eval('?>' . self::compile());
        }
        $class = self::CLASS_NAME;

        return new $class();
    }

    private static function compile(): string
    {
        $builder = new ContainerBuilder();
        $configuration = dirname(__DIR__, 2) . '/Configuration';
        (new YamlFileLoader($builder, new FileLocator($configuration)))->load('Services.yaml');
        (new PhpFileLoader($builder, new FileLocator($configuration)))->load('Services.php');
        foreach ([...self::EXTERNAL, ...self::SIMULATED] as $id) {
            if ($builder->hasAlias($id)) {
                $builder->removeAlias($id);
            }
            $builder->register($id)->setSynthetic(true)->setPublic(true);
        }
        $builder->addCompilerPass(new class () implements CompilerPassInterface {
            public function process(ContainerBuilder $container): void
            {
                // Tests and the test server reach any of the extension's services.
                foreach ($container->getDefinitions() as $id => $definition) {
                    if (str_starts_with($id, 'AskAiDialog\\')) {
                        $definition->setPublic(true);
                    }
                }
                foreach ($container->getAliases() as $id => $alias) {
                    if (str_starts_with($id, 'AskAiDialog\\')) {
                        $alias->setPublic(true);
                    }
                }
            }
        });
        $builder->compile();

        return (new PhpDumper($builder))->dump(['class' => self::CLASS_NAME]);
    }
}
