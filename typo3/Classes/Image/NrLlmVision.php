<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use AskAiDialog\AskAi\Access\Configurations;
use AskAiDialog\AskAi\Http\Refusal;
use Netresearch\NrLlm\Service\Feature\VisionServiceInterface;
use Netresearch\NrLlm\Service\LlmServiceManagerInterface;
use Netresearch\NrLlm\Service\Option\VisionOptions;
use Throwable;

/**
 * nr-llm's vision service. It answers on nr-llm's default configuration, with the provider nr-llm has
 * set up for that configuration's adapter: so vision is available when the default configuration's model
 * declares the `vision` capability and its adapter's provider is set up and able to see. Without it
 * "Alt text" is not offered: a text-only guess at an image is worse than no alt text for the people who
 * rely on it.
 */
final class NrLlmVision implements VisionInterface
{
    private ?bool $available = null;

    public function __construct(
        private readonly VisionServiceInterface $vision,
        private readonly LlmServiceManagerInterface $llm,
        private readonly Configurations $configurations,
    ) {}

    public function available(): bool
    {
        if ($this->available !== null) {
            return $this->available;
        }
        try {
            $model = $this->configurations->resolve(null)->getLlmModel();
            $adapter = $model?->getProvider()?->getAdapterType() ?? '';
            $this->available = $model !== null
                && $model->hasCapability('vision')
                && $adapter !== ''
                && array_key_exists($adapter, $this->llm->getAvailableProviders())
                && $this->llm->supportsFeature('vision', $adapter);
        } catch (Refusal|Throwable) {
            $this->available = false;
        }

        return $this->available;
    }

    public function describe(ImageData $image, string $instruction, int $owner): array
    {
        $response = $this->vision->analyzeImageFull(
            $image->dataUri(),
            $instruction,
            (new VisionOptions(detailLevel: 'low', maxTokens: 120, temperature: 0.3, beUserUid: $owner))->withCallerSource('ask_ai', 'altText'),
        );

        return ['text' => $response->description, 'usage' => $response->usage];
    }
}
