<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Run\ChatStreamInterface;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Provider\Middleware\BudgetMiddleware;
use Netresearch\NrLlm\Provider\Middleware\ProviderCallContext;
use Netresearch\NrLlm\Provider\Middleware\TelemetryMiddleware;
use Netresearch\NrLlm\Service\LlmServiceManagerInterface;

/**
 * nr-llm's public streaming chat (`streamChatWithConfiguration()`: input screening, the configuration's
 * context gate, the budget pre-flight and settlement, telemetry), with the metadata it reads: the editor
 * as the budget owner, the correlation id the call is traced under, and this extension as the caller.
 * The metadata keys are constants of nr-llm's middleware (not `@api`), so they are named here only.
 */
final class StreamingChat implements ChatStreamInterface
{
    public function __construct(private readonly LlmServiceManagerInterface $llm)
    {
    }

    public function stream(array $messages, LlmConfiguration $configuration, int $owner, string $correlationId, int $timeoutSeconds): iterable
    {
        return $this->llm->streamChatWithConfiguration(
            $messages,
            $configuration,
            ['timeout' => max(1, $timeoutSeconds)],
            [
                BudgetMiddleware::METADATA_BE_USER_UID => $owner,
                ProviderCallContext::METADATA_CORRELATION_ID => $correlationId,
                TelemetryMiddleware::METADATA_SOURCE_EXTENSION => 'ask_ai',
                TelemetryMiddleware::METADATA_SOURCE_OPERATION => 'dialog',
            ],
        );
    }
}
