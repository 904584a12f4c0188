<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Localization\Labels;
use Netresearch\NrLlm\Domain\Enum\AgentRunOutcome;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Service\Agent\AgentRunResult;

/**
 * The events the dialog reads (CONTRACT.md §2), in the editor's language. A run ends with exactly one
 * terminal event: `done`, `cancelled`, `error` (with the `reason` the dialog words), a suspension or a
 * guardrail. nr-llm's outcome list is open-ended (`requeued`, `lease_lost`, whatever comes next), so the
 * mapping of an agent run has a default arm. Nothing of an exception reaches the editor: the caller logs it.
 */
final class RunEvents
{
    public function __construct(private readonly Labels $labels)
    {
    }

    /** @return array<string, mixed> */
    public static function heartbeat(): array
    {
        return ['event' => 'heartbeat'];
    }

    /** @return array<string, mixed> */
    public static function started(string $runUuid): array
    {
        return ['event' => 'started', 'runUuid' => $runUuid];
    }

    /** @return array<string, mixed> */
    public static function delta(string $text): array
    {
        return ['event' => 'delta', 'text' => $text];
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
        bool $answerCut = false,
    ): array {
        return array_filter([
            'event' => 'done',
            'success' => true,
            'finalContent' => $finalContent,
            'iterations' => $iterations,
            'truncated' => $truncated || $answerCut,
            'answerCut' => $answerCut ?: null,
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
    public function cancelled(): array
    {
        return ['event' => 'cancelled', 'success' => false, 'error' => $this->labels->get('error.run.cancelled', 'The task was stopped.')];
    }

    /** @return array<string, mixed> */
    public function failure(Failure $failure, int $deadlineSeconds = 0): array
    {
        $error = match ($failure->reason) {
            Failure::DEADLINE => $this->labels->get('error.run.deadline', 'The AI service did not answer within %d seconds.', [$deadlineSeconds]),
            Failure::RATE_LIMITED => $this->labels->get(
                'error.run.rateLimited',
                'The AI service has had too many requests. Try again in %d seconds.',
                [$failure->retryAfter ?? Failure::DEFAULT_RETRY_AFTER],
            ),
            Failure::BUDGET => $failure->period === 'month'
                ? $this->labels->get('error.run.budgetMonth', 'Your AI usage budget for this month is used up.')
                : $this->labels->get('error.run.budget', 'Your AI usage budget for today is used up.'),
            Failure::UNAVAILABLE => $this->labels->get('error.run.unavailable', 'The AI service did not answer. Try again in a moment.'),
            Failure::MISCONFIGURED => $this->labels->get(
                'error.run.misconfigured',
                'The AI service is not set up correctly for this task. An administrator needs to check its configuration.',
            ),
            default => $this->labels->get('error.run.failed', 'The task failed. The details are in the system log.'),
        };

        return array_filter([
            'event' => 'error',
            'success' => false,
            'error' => $error,
            'reason' => $failure->reason,
            'retryAfter' => $failure->retryAfter,
            'period' => $failure->period,
        ], static fn(mixed $value): bool => $value !== null);
    }

    /**
     * How an agent run ended. `$stopped` names what stopped it on the extension's side (the editor, the
     * deadline, a client that went away): nr-llm then recorded the run as cancelled.
     *
     * @return array<string, mixed>
     */
    public function ofAgentRun(AgentRunResult $result, ?string $stopped, int $deadlineSeconds, bool $pastDeadline): array
    {
        $uuid = $result->runUuid !== '' ? $result->runUuid : null;
        if ($stopped === Failure::DEADLINE) {
            return $this->failure(new Failure(Failure::DEADLINE), $deadlineSeconds);
        }
        if ($stopped !== null || $result->outcome === AgentRunOutcome::CANCELLED) {
            return $this->cancelled();
        }

        return match ($result->outcome) {
            AgentRunOutcome::COMPLETED => $this->completed($result, $uuid),
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
                'error' => $this->labels->get('error.run.guardrail', 'A content guardrail stopped this task.'),
            ],
            default => $this->failure(Failure::of($result->error, $pastDeadline), $deadlineSeconds),
        };
    }

    /** Whether an agent run's end is one to log as a failure (with its exception, if any). */
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
            return [($event['reason'] ?? null) === Failure::RATE_LIMITED ? 429 : 500, $event];
        }
        $status = $name === 'done' ? 'completed' : $name;

        return [200, ['status' => $status] + $event + ['steps' => $steps]];
    }

    /** @return array<string, mixed> */
    private function completed(AgentRunResult $result, ?string $uuid): array
    {
        $loop = $result->loopResult;
        if ($loop === null) {
            return $this->failure(new Failure(Failure::FAILED));
        }
        // An empty answer because a usage budget ran out is the budget's message, not an empty success.
        if ($loop->terminationReason === AgentRunTerminationReason::BUDGET_EXHAUSTED && trim($loop->finalContent) === '') {
            return $this->failure(new Failure(Failure::BUDGET));
        }
        $cap = new AnswerCap();
        $answer = $cap->take($loop->finalContent);

        return self::done(
            $answer,
            $loop->iterations,
            $loop->truncated,
            $loop->terminationReason->value,
            $loop->usage,
            $uuid,
            // A run's calls are traced under its uuid (ADR-153): feedback on the answer lands there.
            $uuid,
            $cap->wasCut(),
        );
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
