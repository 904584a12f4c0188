<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

/**
 * Bounds a provider call by the run's deadline. nr-llm's HTTP client (nr-vault's) takes its timeout from
 * TYPO3's `HTTP.timeout` where the call names none (the agent runtime's calls name the provider's own
 * `api_timeout`, which then applies instead), and PHP cannot interrupt a call in flight: without a
 * timeout a model that never answers holds a worker as long as the model likes. So for the length of a
 * run, and for this request only, `HTTP.timeout` is the time the run has left; it is put back after.
 */
final class ProviderTimeout
{
    private bool $set = false;

    private mixed $previous = null;

    public function limit(int $seconds): void
    {
        if (!$this->set) {
            $this->previous = $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout'] ?? null;
            $this->set = true;
        }
        $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout'] = max(1, $seconds);
    }

    public function restore(): void
    {
        if (!$this->set) {
            return;
        }
        if ($this->previous === null) {
            unset($GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout']);
        } else {
            $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout'] = $this->previous;
        }
        $this->set = false;
    }
}
