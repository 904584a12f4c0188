<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Access;

use Netresearch\NrLlm\Domain\Model\LlmConfiguration;

/** Whether an administrator left a configuration visible (not hidden with the eye icon, not deleted). */
interface ConfigurationVisibilityInterface
{
    public function isVisible(LlmConfiguration $configuration): bool;
}
