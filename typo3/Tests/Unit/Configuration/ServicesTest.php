<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Configuration;

use AskAiDialog\AskAi\Controller\AskAiController;
use AskAiDialog\AskAi\NrLlm\ApprovalRuleFilter;
use AskAiDialog\AskAi\Tests\Support\TestContainer;
use AskAiDialog\AskAi\Unattended\UnattendedToolFilterInterface;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Config\FileLocator;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Loader\PhpFileLoader;
use Symfony\Component\DependencyInjection\Loader\YamlFileLoader;

/** The extension's own service configuration, as TYPO3 reads it, compiles and wires what it names. */
final class ServicesTest extends TestCase
{
    public function testEveryServiceIsBuiltFromServicesYamlWithOnlyTypo3AndNrLlmFromOutside(): void
    {
        $builder = $this->compiled();

        self::assertTrue($builder->getDefinition(AskAiController::class)->isPublic(), 'TYPO3 reaches the controller by its class');
        self::assertSame(ApprovalRuleFilter::class, (string)$this->load()->getAlias(UnattendedToolFilterInterface::class));
    }

    public function testEachDoorInterfaceIsBoundToItsNrLlmImplementation(): void
    {
        $builder = $this->load();
        $aliases = [];
        foreach ($builder->getAliases() as $id => $alias) {
            if (str_starts_with((string)$alias, 'AskAiDialog\\AskAi\\NrLlm\\')) {
                $aliases[$id] = (string)$alias;
            }
        }

        self::assertSame([
            'AskAiDialog\\AskAi\\Tool\\ToolCatalogueInterface' => 'AskAiDialog\\AskAi\\NrLlm\\RegistryToolCatalogue',
            'AskAiDialog\\AskAi\\Task\\TaskCatalogueInterface' => 'AskAiDialog\\AskAi\\NrLlm\\RepositoryTaskCatalogue',
            'AskAiDialog\\AskAi\\Feedback\\CallRatingsInterface' => 'AskAiDialog\\AskAi\\NrLlm\\CallRatings',
            'AskAiDialog\\AskAi\\Run\\StepViewInterface' => 'AskAiDialog\\AskAi\\NrLlm\\RunStepView',
            'AskAiDialog\\AskAi\\Run\\RunIdentityInterface' => 'AskAiDialog\\AskAi\\NrLlm\\RunningRunLookup',
            'AskAiDialog\\AskAi\\Run\\ChatStreamInterface' => 'AskAiDialog\\AskAi\\NrLlm\\StreamingChat',
            'AskAiDialog\\AskAi\\Access\\ConfigurationVisibilityInterface' => 'AskAiDialog\\AskAi\\NrLlm\\ConfigurationRecords',
            'AskAiDialog\\AskAi\\Unattended\\UnattendedToolFilterInterface' => 'AskAiDialog\\AskAi\\NrLlm\\ApprovalRuleFilter',
        ], $aliases);
    }

    public function testValuesAndPerRunHelpersAreNeverServices(): void
    {
        $builder = $this->compiled();

        foreach (['Http\\RunRequest', 'Http\\Refusal', 'Run\\RunTicket', 'Run\\RunWatch', 'Run\\ProviderTimeout', 'Run\\AnswerCap', 'Tool\\ToolTraits', 'Image\\ImageData'] as $value) {
            self::assertFalse($builder->has('AskAiDialog\\AskAi\\' . $value), $value);
        }
    }

    private function compiled(): ContainerBuilder
    {
        $builder = $this->load();
        foreach ([...TestContainer::EXTERNAL, ...self::fromOutside()] as $id) {
            if (!$builder->has($id) || $id === 'cache.ask_ai_limits') {
                $builder->register($id)->setSynthetic(true);
            }
        }
        $builder->compile();

        return $builder;
    }

    private function load(): ContainerBuilder
    {
        $builder = new ContainerBuilder();
        $configuration = dirname(__DIR__, 3) . '/Configuration';
        (new YamlFileLoader($builder, new FileLocator($configuration)))->load('Services.yaml');
        (new PhpFileLoader($builder, new FileLocator($configuration)))->load('Services.php');

        return $builder;
    }

    /** @return list<string> TYPO3's services the extension takes besides those the tests set */
    private static function fromOutside(): array
    {
        return [
            'TYPO3\\CMS\\Core\\Localization\\LanguageServiceFactory',
            'TYPO3\\CMS\\Core\\Configuration\\ExtensionConfiguration',
            'TYPO3\\CMS\\Core\\Cache\\CacheManager',
        ];
    }
}
