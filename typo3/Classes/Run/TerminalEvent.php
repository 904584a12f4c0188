<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Localization\Labels;
use Netresearch\NrLlm\Domain\Enum\AgentRunOutcome;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Service\Agent\AgentRunResult;

/**
 * The one event that ends a run (CONTRACT.md §2), from nr-llm's `AgentRunOutcome`. The outcome list is
 * open-ended (`requeued`, `lease_lost`, whatever comes next), so a default arm answers with the generic
 * error. Nothing of an exception reaches the editor: the caller logs it.
 */
final class TerminalEvent
{
    /**
     * @param bool $stopped the editor's Stop ended the run (the observer threw {@see StopRequested})
     *
     * @return array<string, mixed> the streamed event, `event` first
     */
    public static function of(AgentRunResult $result, bool $stopped = false): array
    {
        $uuid = $result->runUuid !== '' ? $result->runUuid : null;
        if ($stopped || $result->outcome === AgentRunOutcome::CANCELLED) {
            return self::cancelled();
        }

        return match ($result->outcome) {
            AgentRunOutcome::COMPLETED => $result->loopResult === null ? self::error() : self::done(
                $result->loopResult->finalContent,
                $result->loopResult->iterations,
                $result->loopResult->truncated,
                $result->loopResult->terminationReason->value,
                $result->loopResult->usage,
                $uuid,
                // A run's calls are traced under its uuid (ADR-153): feedback on the answer lands there.
                $uuid,
            ),
            AgentRunOutcome::AWAITING_APPROVAL => [
                'event' => 'awaiting_approval',
                'success' => true,
                'runUuid' => $result->runUuid,
                'pendingTools' => array_map(
                    static fn(array $call): array => ['name' => (string)($call['name'] ?? ''), 'arguments' => (object)[]],
                    array_values(array_filter($result->suspendedState?->pendingCalls ?? [], 'is_array')),
                ),
            ],
            AgentRunOutcome::AWAITING_INPUT => [
                'event' => 'awaiting_input',
                'success' => true,
                'runUuid' => $result->runUuid,
                'inputRequest' => [
                    'tool' => (string)($result->suspendedState?->inputToolName ?? ''),
                    'schema' => (object)[],
                ],
            ],
            AgentRunOutcome::GUARDRAIL_BLOCKED, AgentRunOutcome::GUARDRAIL_APPROVAL_REQUIRED => [
                'event' => $result->outcome->value,
                'success' => false,
                'guardrail' => self::shortName($result->guardrailClass),
                'error' => Labels::get('error.run.guardrail', 'A content guardrail stopped this task.'),
            ],
            default => self::error(),
        };
    }

    /**
     * The answer: `runUuid` and `correlationId` only where known.
     *
     * @return array<string, mixed>
     */
    public static function done(
        string $finalContent,
        int $iterations,
        bool $truncated,
        string $terminationReason,
        UsageStatistics $usage,
        ?string $runUuid,
        ?string $correlationId,
    ): array {
        return array_filter([
            'event' => 'done',
            'success' => true,
            'finalContent' => $finalContent,
            'iterations' => $iterations,
            'truncated' => $truncated,
            'terminationReason' => $terminationReason,
            'usage' => [
                'promptTokens' => $usage->promptTokens,
                'completionTokens' => $usage->completionTokens,
                'totalTokens' => $usage->totalTokens,
                'estimatedCost' => $usage->estimatedCost,
            ],
            'runUuid' => $runUuid,
            'correlationId' => $correlationId,
        ], static fn(mixed $value): bool => $value !== null);
    }

    /** @return array<string, mixed> */
    public static function cancelled(): array
    {
        return ['event' => 'cancelled', 'success' => false, 'error' => Labels::get('error.run.cancelled', 'The task was stopped.')];
    }

    /** @return array<string, mixed> */
    public static function error(): array
    {
        return [
            'event' => 'error',
            'success' => false,
            'error' => Labels::get('error.run.failed', 'The task failed. The details are in the system log.'),
        ];
    }

    /** Whether the outcome is one a caller logs as a failure (with its exception, if any). */
    public static function isFailure(AgentRunResult $result): bool
    {
        return !in_array($result->outcome, [
            AgentRunOutcome::COMPLETED,
            AgentRunOutcome::AWAITING_APPROVAL,
            AgentRunOutcome::AWAITING_INPUT,
            AgentRunOutcome::CANCELLED,
            AgentRunOutcome::GUARDRAIL_BLOCKED,
            AgentRunOutcome::GUARDRAIL_APPROVAL_REQUIRED,
        ], true) || ($result->outcome === AgentRunOutcome::COMPLETED && $result->loopResult === null);
    }

    /**
     * The same end as one JSON body (the unstreamed answer): `status` in place of `event`, the steps as a
     * list, and the HTTP status — 500 for a failed run, as nr-llm's playground answers.
     *
     * @param array<string, mixed> $event
     * @param list<array<string, mixed>> $steps
     *
     * @return array{0: int, 1: array<string, mixed>}
     */
    public static function asBody(array $event, array $steps): array
    {
        $name = $event['event'];
        unset($event['event']);
        if ($name === 'error') {
            return [500, $event];
        }
        $status = $name === 'done' ? 'completed' : $name;

        return [200, ['status' => $status] + $event + ['steps' => $steps]];
    }

    private static function shortName(?string $class): string
    {
        if ($class === null || $class === '') {
            return 'guardrail';
        }
        $slash = strrpos($class, '\\');

        return $slash === false ? $class : substr($class, $slash + 1);
    }
}
