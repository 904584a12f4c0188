<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\RunEventStream;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Tests\Support\MemoryCache;
use AskAiDialog\AskAi\Tests\Support\RecordingLogger;
use AskAiDialog\AskAi\Tests\Support\ScriptedAgentRuntime;
use AskAiDialog\AskAi\Tests\Support\SimulatedCatalogue;
use Netresearch\NrLlm\Domain\Enum\AgentRunOutcome;
use Netresearch\NrLlm\Domain\ValueObject\AiActorContext;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;
use Netresearch\NrLlm\Domain\ValueObject\RunStep;
use Netresearch\NrLlm\Service\Agent\AgentRunRequest;
use Netresearch\NrLlm\Service\Agent\AgentRunResult;
use PHPUnit\Framework\TestCase;

final class RunEventStreamTest extends TestCase
{
    private SimulatedCatalogue $catalogue;

    private ScriptedAgentRuntime $runtime;

    private RunLedger $ledger;

    private RecordingLogger $logger;

    private RunEventStream $stream;

    /** @var list<array<string, mixed>> */
    private array $events = [];

    protected function setUp(): void
    {
        $this->catalogue = SimulatedCatalogue::fromFixture();
        $this->runtime = new ScriptedAgentRuntime($this->catalogue->registry());
        $this->ledger = new RunLedger(new MemoryCache());
        $this->logger = new RecordingLogger();
        $this->stream = new RunEventStream($this->runtime, $this->ledger, $this->logger);
    }

    public function testEachStepIsEmittedAsItIsRecordedThenExactlyOneTerminalEvent(): void
    {
        $this->stream->run($this->request('Summarise with get_page_content.', ['get_page_content']), 'req-1', $this->collect(...));

        self::assertSame(['step', 'step', 'step', 'step', 'done'], array_column($this->events, 'event'));
        self::assertSame(['kind' => 'tool', 'round' => 1, 'durationMs' => 3.0, 'toolName' => 'get_page_content', 'toolIsError' => false], $this->events[2]['step']);
        self::assertSame('The garden opens. It is free.', $this->events[4]['finalContent']);
    }

    public function testAStepCarriesNoTranscriptNoArgumentsAndNoToolResult(): void
    {
        $this->runtime->nextResult = function (string $uuid, ?\Closure $onStep): AgentRunResult {
            $onStep?->__invoke(new RunStep('tool', 1, 1.0, messagesSent: [['role' => 'user']], toolSpecs: [], content: 'x', thinking: 't', raw: ['r'], toolName: 'get_page_content', toolArguments: ['uid' => 1], toolResult: 'private', toolIsError: false));

            return new AgentRunResult(AgentRunOutcome::CANCELLED, $uuid, []);
        };
        $this->stream->run($this->request('x', []), null, $this->collect(...));

        self::assertSame(['kind', 'round', 'durationMs', 'toolName', 'toolIsError'], array_keys($this->events[0]['step']));
    }

    public function testStopEndsTheRunAtTheNextStepBoundaryAsCancelled(): void
    {
        $emit = function (array $event): void {
            $this->events[] = $event;
            if (count($this->events) === 2) {
                // The editor presses Stop while the second step is shown.
                $this->ledger->requestCancel(2, 'req-stop');
            }
        };
        $this->stream->run($this->request('Summarise with get_page_content.', ['get_page_content']), 'req-stop', $emit);

        self::assertSame(['step', 'step', 'cancelled'], array_column($this->events, 'event'));
        self::assertSame(2, $this->runtime->journal[0]['stoppedAfterSteps']);
        self::assertSame([], $this->logger->records, 'a stop is not a failure');
        self::assertSame('finished', $this->ledger->requestCancel(2, 'req-stop')['state']);
    }

    public function testACancelThatArrivedFirstMeansTheRunNeverStarts(): void
    {
        $this->ledger->requestCancel(2, 'req-early');
        $this->stream->run($this->request('x', []), 'req-early', $this->collect(...));

        self::assertSame(['cancelled'], array_column($this->events, 'event'));
        self::assertSame([], $this->runtime->journal);
    }

    public function testAFailureOfThePlatformIsLoggedAndTheEditorGetsTheGenericError(): void
    {
        $this->runtime->nextResult = static fn(): AgentRunResult => throw new \RuntimeException('SQLSTATE[42S02]: secret table');
        $this->stream->run($this->request('x', []), 'req-f', $this->collect(...));

        self::assertSame('error', $this->events[0]['event']);
        self::assertStringNotContainsString('SQLSTATE', json_encode($this->events, JSON_THROW_ON_ERROR));
        self::assertSame('SQLSTATE[42S02]: secret table', $this->logger->records[0]['context']['exception']->getMessage());
    }

    public function testAFailedRunIsLoggedWithItsOutcomeAndRun(): void
    {
        $this->runtime->nextResult = static fn(string $uuid): AgentRunResult => new AgentRunResult(AgentRunOutcome::LEASE_LOST, $uuid, [], error: new \RuntimeException('lease'));
        $this->stream->run($this->request('x', []), null, $this->collect(...));

        self::assertSame(['error'], array_column($this->events, 'event'));
        self::assertSame('lease_lost', $this->logger->records[0]['context']['outcome']);
    }

    public function testTheFinishedRunsUuidIsKeptForALaterCancel(): void
    {
        $this->stream->run($this->request('x', []), 'req-done', $this->collect(...));

        self::assertSame($this->events[array_key_last($this->events)]['runUuid'], $this->ledger->requestCancel(2, 'req-done')['runUuid']);
    }

    /** @param array<string, mixed> $event */
    private function collect(array $event): void
    {
        $this->events[] = $event;
    }

    /** @param list<string> $tools */
    private function request(string $prompt, array $tools): AgentRunRequest
    {
        return new AgentRunRequest(
            $this->catalogue->configuration('default'),
            [ChatMessage::user($prompt . "\n\nThe selected text:\n<<<\nThe garden opens. It is free.\n>>>")],
            AiActorContext::backendUser(2),
            $tools,
        );
    }
}
