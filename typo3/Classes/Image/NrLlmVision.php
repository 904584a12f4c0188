<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use AskAiDialog\AskAi\Access\Configurations;
use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Http\Refusal;
use Netresearch\NrLlm\Domain\Model\Model;
use Netresearch\NrLlm\Provider\Contract\ProviderInterface;
use Netresearch\NrLlm\Provider\Contract\VisionCapableInterface;
use Netresearch\NrLlm\Provider\ProviderAdapterRegistryInterface;
use Netresearch\NrLlm\Service\Feature\VisionServiceInterface;
use Netresearch\NrLlm\Service\LlmServiceManagerInterface;
use Netresearch\NrLlm\Service\Option\VisionOptions;
use Throwable;

/**
 * nr-llm's vision service, on the configuration the site names for images (Extension Configuration ›
 * ask_ai › `visionConfiguration`; empty: nr-llm's default). Vision is available when that configuration's
 * model declares the `vision` capability and the adapter built from its provider record can see and has
 * its key. Without it "Alt text" is not offered: a text-only guess at an image is worse than no alt text
 * for the people who rely on it.
 *
 * nr-llm's `vision()` takes its provider from its keyed registry by the adapter's name, configured from
 * nr-llm's legacy extension settings, not from the provider record a site sets up in nr-llm's module. So
 * before a call the adapter nr-llm builds from that record (`ProviderAdapterRegistryInterface`, @api) is
 * registered under its name for the request, and the call names it and the model: the image then goes
 * through nr-llm's own pipeline (input screening, budget, usage) to the provider the site configured.
 */
final class NrLlmVision implements VisionInterface
{
    /** @var array{adapter: ProviderInterface, model: string, settings: array<string, mixed>}|false|null */
    private array|false|null $setUp = null;

    public function __construct(
        private readonly VisionServiceInterface $vision,
        private readonly LlmServiceManagerInterface $llm,
        private readonly ProviderAdapterRegistryInterface $adapters,
        private readonly Configurations $configurations,
        private readonly ExtensionSettings $settings,
    ) {
    }

    public function available(): bool
    {
        return $this->setUp() !== false;
    }

    public function describe(ImageData $image, string $instruction, int $owner): array
    {
        $setUp = $this->setUp();
        if ($setUp === false) {
            throw new Refusal(404, 'No AI configuration that can see images is set up.');
        }
        // Registered under its name, the adapter takes nr-llm's legacy settings for that name: the provider
        // record's own settings go on top again, as nr-llm's adapter registry applies them.
        $key = $setUp['adapter']->getIdentifier();
        $this->llm->registerProvider($setUp['adapter']);
        $this->llm->configureProvider($key, $setUp['settings']);
        $response = $this->vision->analyzeImageFull(
            $image->dataUri(),
            $instruction,
            (new VisionOptions(
                maxTokens: 120,
                temperature: 0.3,
                provider: $key,
                model: $setUp['model'],
                beUserUid: $owner,
                detailLevel: 'low',
            ))->withCallerSource('ask_ai', 'altText'),
        );

        return ['text' => $response->description, 'usage' => $response->usage];
    }

    /** @return array{adapter: ProviderInterface, model: string, settings: array<string, mixed>}|false */
    private function setUp(): array|false
    {
        if ($this->setUp !== null) {
            return $this->setUp;
        }
        try {
            $identifier = $this->settings->visionConfiguration();
            $model = $this->configurations->resolve($identifier === '' ? null : $identifier)->getLlmModel();
            $adapter = $model instanceof Model && $model->hasCapability('vision') ? $this->adapters->createAdapterFromModel($model) : null;
            $provider = $model?->getProvider();
            $this->setUp = $adapter instanceof VisionCapableInterface && $adapter->supportsVision() && $adapter->isAvailable() && $provider !== null
                ? ['adapter' => $adapter, 'model' => $model->getModelId(), 'settings' => array_filter([
                    'apiKeyIdentifier' => $provider->getApiKey(),
                    'baseUrl' => $provider->getEffectiveEndpointUrl(),
                    'defaultModel' => $model->getModelId(),
                    'timeout' => $provider->getApiTimeout(),
                    'maxRetries' => $provider->getMaxRetries(),
                    'organizationId' => $provider->getOrganizationId(),
                ], static fn(mixed $value): bool => $value !== '')]
                : false;
        } catch (Refusal | Throwable) {
            $this->setUp = false;
        }

        return $this->setUp;
    }
}
