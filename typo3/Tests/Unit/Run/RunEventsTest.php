<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\Failure;
use AskAiDialog\AskAi\Run\RunEvents;
use Netresearch\NrLlm\Domain\Enum\AgentRunOutcome;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Domain\ValueObject\SuspendedRunState;
use Netresearch\NrLlm\Domain\ValueObject\ToolLoopResult;
use Netresearch\NrLlm\Service\Agent\AgentRunResult;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/** How a run ends, in the events the dialog reads. */
final class RunEventsTest extends TestCase
{
    /** @return array<string, array{0: AgentRunOutcome, 1: string, 2: bool}> outcome, event, success */
    public static function outcomes(): array
    {
        $expected = [
            'completed' => ['done', true],
            'awaiting_approval' => ['awaiting_approval', true],
            'awaiting_input' => ['awaiting_input', true],
            'guardrail_blocked' => ['guardrail_blocked', false],
            'guardrail_approval_required' => ['guardrail_approval_required', false],
            'cancelled' => ['cancelled', false],
        ];
        $rows = [];
        foreach (AgentRunOutcome::cases() as $outcome) {
            // Every other outcome (failed, suspend_failed, requeued, lease_lost, what comes next) is the default arm.
            [$event, $success] = $expected[$outcome->value] ?? ['error', false];
            $rows[$outcome->value] = [$outcome, $event, $success];
        }

        return $rows;
    }

    /** @dataProvider outcomes */
    #[DataProvider('outcomes')]
    public function testEveryOutcomeEndsInItsTerminalEvent(AgentRunOutcome $outcome, string $event, bool $success): void
    {
        $terminal = self::of(self::result($outcome));

        self::assertSame($event, $terminal['event']);
        self::assertSame($success, $terminal['success']);
        if (!$success) {
            self::assertIsString($terminal['error']);
            self::assertStringNotContainsString('secret', $terminal['error'], 'an exception’s text never reaches the editor');
        }
    }

    public function testDoneCarriesTheAnswerUsageTerminationReasonAndTheRunAsCorrelation(): void
    {
        $done = self::of(self::result(AgentRunOutcome::COMPLETED, AgentRunTerminationReason::MAX_ITERATIONS));

        self::assertSame([
            'event' => 'done',
            'success' => true,
            'finalContent' => 'The answer.',
            'iterations' => 2,
            'truncated' => false,
            'terminationReason' => 'max_iterations',
            'usage' => ['promptTokens' => 10, 'completionTokens' => 5, 'totalTokens' => 15, 'estimatedCost' => 0.002],
            'runUuid' => 'run-1',
            'correlationId' => 'run-1',
        ], $done);
    }

    public function testASuspensionNamesTheToolsWithoutTheirArguments(): void
    {
        $approval = self::of(self::result(AgentRunOutcome::AWAITING_APPROVAL));
        self::assertSame('run-1', $approval['runUuid']);
        self::assertSame('update_page_metadata', $approval['pendingTools'][0]['name']);
        self::assertSame('{}', json_encode($approval['pendingTools'][0]['arguments']));

        $input = self::of(self::result(AgentRunOutcome::AWAITING_INPUT));
        self::assertSame('ask_editor_for_tone', $input['inputRequest']['tool']);
    }

    public function testAStopEndsAsCancelledWhateverTheRuntimeMadeOfIt(): void
    {
        self::assertSame('cancelled', self::events()->ofAgentRun(self::result(AgentRunOutcome::FAILED), 'stopped', 120, false)['event']);
    }

    public function testACompletedRunWithoutALoopResultIsAnError(): void
    {
        $result = new AgentRunResult(AgentRunOutcome::COMPLETED, 'run-1', []);

        self::assertSame('error', self::of($result)['event']);
        self::assertTrue(RunEvents::isFailure($result));
    }

    public function testTheUnstreamedBodyHasAStatusTheStepsAndAFailureIs500(): void
    {
        [$status, $body] = RunEvents::asBody(self::of(self::result(AgentRunOutcome::COMPLETED)), [['kind' => 'llm']]);
        self::assertSame(200, $status);
        self::assertSame('completed', $body['status']);
        self::assertArrayNotHasKey('event', $body);
        self::assertSame([['kind' => 'llm']], $body['steps']);

        [$status, $body] = RunEvents::asBody(self::events()->failure(new Failure(Failure::FAILED)), []);
        self::assertSame(500, $status);
        self::assertSame(['success', 'error', 'reason'], array_keys($body));
        self::assertSame(429, RunEvents::asBody(self::events()->failure(new Failure(Failure::RATE_LIMITED, 30)), [])[0]);
    }

    public function testAStopAtTheDeadlineSaysSoAndAnyOtherStopIsCancelled(): void
    {
        $deadline = self::events()->ofAgentRun(self::result(AgentRunOutcome::CANCELLED), Failure::DEADLINE, 120, true);
        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'The AI service did not answer within 120 seconds.', 'reason' => 'deadline'], $deadline);
        self::assertSame('cancelled', self::events()->ofAgentRun(self::result(AgentRunOutcome::CANCELLED), 'gone', 120, false)['event']);
    }

    public function testAnEmptyAnswerBecauseTheBudgetRanOutIsTheBudgetsMessage(): void
    {
        $result = new AgentRunResult(AgentRunOutcome::COMPLETED, 'run-1', [], new ToolLoopResult('', [], 1, true, new UsageStatistics(1, 0, 1), AgentRunTerminationReason::BUDGET_EXHAUSTED));

        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'Your AI usage budget for today is used up.', 'reason' => 'budget'], self::events()->ofAgentRun($result, null, 120, false));
    }

    public function testAFailedRunSaysWhatFailedNeverTheExceptionsText(): void
    {
        $rateLimited = new AgentRunResult(AgentRunOutcome::FAILED, 'run-1', [], error: new \Netresearch\NrLlm\Provider\Exception\ProviderRateLimitException('secret', 429, responseBody: '{"error":"slow down","retry_after":12}'));
        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'The AI service has had too many requests. Try again in 12 seconds.', 'reason' => 'rateLimited', 'retryAfter' => 12], self::events()->ofAgentRun($rateLimited, null, 120, false));
        $down = new AgentRunResult(AgentRunOutcome::FAILED, 'run-1', [], error: new \RuntimeException('wrapper', 0, new \Netresearch\NrLlm\Provider\Exception\ProviderConnectionException('secret host', 500)));
        self::assertSame('unavailable', self::events()->ofAgentRun($down, null, 120, false)['reason']);
        self::assertSame('deadline', self::events()->ofAgentRun($down, null, 120, true)['reason'], 'a provider call cut off by the deadline');
    }

    public function testAProviderCallThatTimedOutIsTheDeadlineEvenAMomentBeforeIt(): void
    {
        // The HTTP client's timeout is the run's whole seconds left: it fires just before the deadline's clock.
        $timedOut = new \RuntimeException('wrapper', 0, new \RuntimeException('cURL error 28: Operation timed out after 9002 milliseconds with 0 bytes received'));
        self::assertSame('deadline', Failure::of($timedOut, false)->reason);
        self::assertSame('failed', Failure::of(new \RuntimeException('the model said no'), false)->reason);
    }

    private static function events(): RunEvents
    {
        return new RunEvents(Labels::english());
    }

    /** @return array<string, mixed> */
    private static function of(AgentRunResult $result): array
    {
        return self::events()->ofAgentRun($result, null, 120, false);
    }

    private static function result(AgentRunOutcome $outcome, AgentRunTerminationReason $reason = AgentRunTerminationReason::COMPLETED): AgentRunResult
    {
        $state = new SuspendedRunState(
            messages: [],
            pendingCalls: [['id' => 'c1', 'name' => 'update_page_metadata', 'arguments' => ['title' => 'secret']]],
            iterations: 1,
            promptTokens: 1,
            completionTokens: 1,
            inputToolName: $outcome === AgentRunOutcome::AWAITING_INPUT ? 'ask_editor_for_tone' : null,
        );

        return new AgentRunResult(
            outcome: $outcome,
            runUuid: 'run-1',
            steps: [],
            loopResult: new ToolLoopResult('The answer.', [], 2, false, new UsageStatistics(10, 5, 15, 0.002), $reason),
            suspendedState: $state,
            guardrailClass: 'Vendor\\Guardrail\\PiiGuardrail',
            error: new \RuntimeException('secret provider detail'),
        );
    }
}
