<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\Enum\CallOutcome;
use Netresearch\NrLlm\Service\Outcome\CallOutcomeRepositoryInterface;

/** nr-llm's outcome repository, remembering what was recorded (in a file for the test server). */
final class RecordingOutcomes implements CallOutcomeRepositoryInterface
{
    /** @var list<array{correlationId: string, outcome: string}> */
    public array $recorded = [];

    /** Runs as a verdict is being written (what another request sees meanwhile); may throw, as a failed write. */
    public ?\Closure $during = null;

    public function __construct(private readonly ?string $file = null)
    {
    }

    public function record(string $correlationId, CallOutcome $outcome): void
    {
        $during = $this->during;
        $this->during = null;
        $during?->__invoke();
        $this->recorded[] = ['correlationId' => $correlationId, 'outcome' => $outcome->value];
        if ($this->file !== null) {
            file_put_contents($this->file, json_encode(end($this->recorded)) . "\n", FILE_APPEND | LOCK_EX);
        }
    }

    public function findByCorrelation(string $correlationId): array
    {
        return [];
    }

    public function purgeOlderThan(int $timestamp): int
    {
        return 0;
    }
}
