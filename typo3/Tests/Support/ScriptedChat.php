<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Run\ChatStreamInterface;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;
use RuntimeException;

/**
 * nr-llm's streaming chat with the scripted model: the answer word by word, `$delayMs` apart, as a
 * streaming provider writes it. Every call is journalled with whether its reader left before the end
 * (Stop closing the stream), so tests see what reached the "model" and when it was let go.
 */
final class ScriptedChat implements ChatStreamInterface
{
    /** @var list<array<string, mixed>> */
    public array $calls = [];

    /** A failure the next call throws instead of answering. */
    public ?\Throwable $nextFailure = null;

    public function __construct(private readonly int $delayMs = 0, private readonly ?string $journalFile = null)
    {
    }

    /** Runs as each call begins (what the call sees of its surroundings). */
    public ?\Closure $during = null;

    public function stream(array $messages, LlmConfiguration $configuration, int $owner, string $correlationId, int $timeoutSeconds): iterable
    {
        $this->during?->__invoke();
        $call = [
            'stream' => true,
            'configuration' => $configuration->getIdentifier(),
            'owner' => $owner,
            'correlationId' => $correlationId,
            'timeout' => $timeoutSeconds,
            'messages' => array_map(static fn(ChatMessage $m): array => ['role' => $m->role, 'content' => $m->content], $messages),
        ];
        if ($this->nextFailure !== null) {
            $failure = $this->nextFailure;
            $this->nextFailure = null;
            $this->write($call + ['outcome' => 'failed']);
            throw $failure;
        }

        return $this->words(ScriptedAnswers::for($messages), $call);
    }

    /**
     * @param array<string, mixed> $call
     *
     * @return \Generator<int, string>
     */
    private function words(string $answer, array $call): \Generator
    {
        $complete = false;
        $sent = 0;
        try {
            foreach (preg_split('/(?<=\s)/u', $answer, -1, PREG_SPLIT_NO_EMPTY) ?: [] as $word) {
                if ($this->delayMs > 0 && $sent > 0) {
                    usleep($this->delayMs * 1000);
                }
                $sent++;
                yield $word;
            }
            $complete = true;
        } finally {
            $this->write($call + ['outcome' => $complete ? 'completed' : 'closed', 'pieces' => $sent, 'finalContent' => $complete ? $answer : null]);
        }
    }

    /** @param array<string, mixed> $entry */
    private function write(array $entry): void
    {
        $this->calls[] = $entry;
        if ($this->journalFile !== null) {
            file_put_contents($this->journalFile, json_encode($entry, JSON_INVALID_UTF8_SUBSTITUTE) . "\n", FILE_APPEND | LOCK_EX);
        }
    }

    public static function unreachable(): RuntimeException
    {
        return new RuntimeException('scripted: the model cannot be reached');
    }
}
