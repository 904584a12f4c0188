<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Service\Tool\ToolInterface;
use Netresearch\NrLlm\Service\Tool\ToolProviderInterface;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;

/**
 * The simulated backend's catalogue (`Fixtures/simulated-catalogue.json`, generated from
 * src/mock-backend), as nr-llm's real `ToolRegistry` holds it, with the configurations and policy
 * facts the simulated policy reads. The tools come through a provider, as MCP tools do in nr-llm, so
 * every trait combination may be registered.
 */
final class SimulatedCatalogue implements ToolProviderInterface
{
    /** @var array<string, array{group: string, requiresAdmin: bool, enabled: bool, dataClass: string}> */
    public readonly array $facts;

    /** @var array<string, array{trustZone: string, allowedGroups: ?list<string>}> */
    public readonly array $configurations;

    /** @var list<ToolInterface> */
    private readonly array $tools;

    /** @param array{configurations: list<array<string, mixed>>, tools: list<array<string, mixed>>} $catalogue */
    public function __construct(array $catalogue)
    {
        $facts = [];
        $tools = [];
        foreach ($catalogue['tools'] as $entry) {
            $facts[$entry['name']] = [
                'group' => $entry['group'],
                'requiresAdmin' => $entry['requiresAdmin'],
                'enabled' => $entry['enabled'],
                'dataClass' => $entry['dataClass'],
            ];
            $tools[] = TraitTools::make($entry['name'], $entry['traits'], $entry);
        }
        $this->facts = $facts;
        $this->tools = $tools;
        $configurations = [];
        foreach ($catalogue['configurations'] as $configuration) {
            $configurations[$configuration['identifier']] = [
                'trustZone' => $configuration['trustZone'],
                'allowedGroups' => $configuration['allowedGroups'],
            ];
        }
        $this->configurations = $configurations;
    }

    public static function fromFixture(): self
    {
        $json = file_get_contents(dirname(__DIR__) . '/Fixtures/simulated-catalogue.json');

        return new self(json_decode((string)$json, true, 64, JSON_THROW_ON_ERROR));
    }

    public function tools(): iterable
    {
        return $this->tools;
    }

    public function registry(): ToolRegistry
    {
        return new ToolRegistry([], [$this]);
    }

    /** @var array<string, LlmConfiguration> one object per identifier, as nr-llm's repository keeps them */
    private array $objects = [];

    public function configuration(string $identifier): LlmConfiguration
    {
        if (!isset($this->objects[$identifier])) {
            $configuration = new LlmConfiguration();
            $configuration->setIdentifier($identifier);
            $this->objects[$identifier] = $configuration;
        }

        return $this->objects[$identifier];
    }
}
