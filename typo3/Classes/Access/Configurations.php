<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Access;

use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Localization\Labels;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Exception\AccessDeniedException;
use Netresearch\NrLlm\Exception\ConfigurationNotFoundException;
use Netresearch\NrLlm\Service\LlmConfigurationServiceInterface;

/**
 * The configuration a request runs on: the one it names, else nr-llm's default (found by its flag, as
 * nr-llm's setup wizard names configurations after what they are, never "default"). Usable only when it
 * exists, is active, is not hidden and the editor may use it (nr-llm's group restriction, ADR-070).
 */
final class Configurations
{
    public function __construct(
        private readonly LlmConfigurationServiceInterface $configurations,
        private readonly ConfigurationVisibilityInterface $visibility,
        private readonly Labels $labels,
    ) {
    }

    /** @throws Refusal 404 unknown, inactive or hidden; 403 not for this editor */
    public function resolve(?string $identifier): LlmConfiguration
    {
        $name = $identifier ?? $this->labels->get('configuration.default', 'the default');
        try {
            $configuration = $identifier === null
                ? $this->configurations->getDefaultConfiguration()
                : $this->configurations->getConfiguration($identifier);
        } catch (ConfigurationNotFoundException) {
            throw $this->missing($name);
        } catch (AccessDeniedException) {
            throw new Refusal(403, $this->labels->get('error.configuration.denied', 'You may not use the AI configuration "%s".', [$name]));
        }
        if (!$configuration->isActive() || !$this->visibility->isVisible($configuration)) {
            throw $this->missing($name);
        }

        return $configuration;
    }

    /** Whether a configuration (a task's) is one this editor could run on. */
    public function usable(?LlmConfiguration $configuration): bool
    {
        if ($configuration === null) {
            try {
                $this->resolve(null);

                return true;
            } catch (Refusal) {
                return false;
            }
        }

        return $configuration->isActive() && $this->visibility->isVisible($configuration) && $this->configurations->hasAccess($configuration);
    }

    private function missing(string $name): Refusal
    {
        return new Refusal(404, $this->labels->get('error.configuration.missing', 'The AI configuration "%s" does not exist or is switched off.', [$name]));
    }
}
