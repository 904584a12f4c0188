<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;

/** nr-llm's streaming chat on a configuration, for a run that offers the model no tools. */
interface ChatStreamInterface
{
    /**
     * The answer as nr-llm yields it. The editor is the budget owner; the call is traced under
     * `$correlationId` (the id the answer's rating goes to); `$timeoutSeconds` bounds the provider call.
     *
     * @param list<ChatMessage> $messages
     *
     * @return iterable<string>
     */
    public function stream(array $messages, LlmConfiguration $configuration, int $owner, string $correlationId, int $timeoutSeconds): iterable;
}
