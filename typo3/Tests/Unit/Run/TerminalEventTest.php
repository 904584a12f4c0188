<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\TerminalEvent;
use Netresearch\NrLlm\Domain\Enum\AgentRunOutcome;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Domain\ValueObject\SuspendedRunState;
use Netresearch\NrLlm\Domain\ValueObject\ToolLoopResult;
use Netresearch\NrLlm\Service\Agent\AgentRunResult;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

final class TerminalEventTest extends TestCase
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
        $terminal = TerminalEvent::of(self::result($outcome));

        self::assertSame($event, $terminal['event']);
        self::assertSame($success, $terminal['success']);
        if (!$success) {
            self::assertIsString($terminal['error']);
            self::assertStringNotContainsString('secret', $terminal['error'], 'an exception’s text never reaches the editor');
        }
    }

    public function testDoneCarriesTheAnswerUsageTerminationReasonAndTheRunAsCorrelation(): void
    {
        $done = TerminalEvent::of(self::result(AgentRunOutcome::COMPLETED, AgentRunTerminationReason::BUDGET_EXHAUSTED));

        self::assertSame([
            'event' => 'done',
            'success' => true,
            'finalContent' => 'The answer.',
            'iterations' => 2,
            'truncated' => false,
            'terminationReason' => 'budget_exhausted',
            'usage' => ['promptTokens' => 10, 'completionTokens' => 5, 'totalTokens' => 15, 'estimatedCost' => 0.002],
            'runUuid' => 'run-1',
            'correlationId' => 'run-1',
        ], $done);
    }

    public function testASuspensionNamesTheToolsWithoutTheirArguments(): void
    {
        $approval = TerminalEvent::of(self::result(AgentRunOutcome::AWAITING_APPROVAL));
        self::assertSame('run-1', $approval['runUuid']);
        self::assertSame('update_page_metadata', $approval['pendingTools'][0]['name']);
        self::assertSame('{}', json_encode($approval['pendingTools'][0]['arguments']));

        $input = TerminalEvent::of(self::result(AgentRunOutcome::AWAITING_INPUT));
        self::assertSame('ask_editor_for_tone', $input['inputRequest']['tool']);
    }

    public function testAStopEndsAsCancelledWhateverTheRuntimeMadeOfIt(): void
    {
        self::assertSame('cancelled', TerminalEvent::of(self::result(AgentRunOutcome::FAILED), stopped: true)['event']);
    }

    public function testACompletedRunWithoutALoopResultIsAnError(): void
    {
        $result = new AgentRunResult(AgentRunOutcome::COMPLETED, 'run-1', []);

        self::assertSame('error', TerminalEvent::of($result)['event']);
        self::assertTrue(TerminalEvent::isFailure($result));
    }

    public function testTheUnstreamedBodyHasAStatusTheStepsAndAFailureIs500(): void
    {
        [$status, $body] = TerminalEvent::asBody(TerminalEvent::of(self::result(AgentRunOutcome::COMPLETED)), [['kind' => 'llm']]);
        self::assertSame(200, $status);
        self::assertSame('completed', $body['status']);
        self::assertArrayNotHasKey('event', $body);
        self::assertSame([['kind' => 'llm']], $body['steps']);

        [$status, $body] = TerminalEvent::asBody(TerminalEvent::error(), []);
        self::assertSame(500, $status);
        self::assertSame(['success', 'error'], array_keys($body));
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
