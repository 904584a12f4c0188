<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\Failure;
use AskAiDialog\AskAi\Run\ProviderTimeout;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Run\RunScope;
use AskAiDialog\AskAi\Run\RunTicket;
use AskAiDialog\AskAi\Run\RunWatch;
use AskAiDialog\AskAi\Tests\Support\RecordingOutput;
use AskAiDialog\AskAi\Tests\Support\TestDatabase;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Clock\MockClock;

/** A run's deadline, its heartbeat and what it reads of the ledger, on a clock the test moves. */
final class RunWatchTest extends TestCase
{
    private MockClock $clock;

    private RunLedger $ledger;

    private RecordingOutput $output;

    private RunTicket $ticket;

    protected function setUp(): void
    {
        $this->clock = new MockClock('2026-12-02 10:00:00');
        $this->ledger = new RunLedger(TestDatabase::connect());
        $this->output = new RecordingOutput();
    }

    public function testTheDeadlineStopsTheRunWhateverElseHappens(): void
    {
        $watch = $this->watch(deadlineIn: 120);

        self::assertNull($watch->reason(force: true));
        self::assertSame(120, $watch->secondsLeft());
        $this->clock->sleep(119.4);
        self::assertFalse($watch->pastDeadline());
        $this->clock->sleep(0.2);
        self::assertSame(1, $watch->secondsLeft(), 'a provider call never gets less than a second');
        self::assertTrue($watch->pastDeadline(), 'under half a second before: a provider call that failed now was cut off by it');
        self::assertNull($watch->reason());
        $this->clock->sleep(0.4);
        self::assertSame(Failure::DEADLINE, $watch->reason());
    }

    public function testAHeartbeatGoesOutAfterTenSilentSecondsAndOnlyThen(): void
    {
        $watch = $this->watch();

        $this->clock->sleep(9.9);
        $watch->reason();
        self::assertSame([], $this->output->names());
        $this->clock->sleep(0.2);
        $watch->reason();
        self::assertSame(['heartbeat'], $this->output->names());
        $watch->sent();
        $this->clock->sleep(5);
        $watch->reason();
        self::assertSame(['heartbeat'], $this->output->names());
    }

    public function testEveryLineARunPathSendsThroughItsScopeKeepsTheHeartbeatAway(): void
    {
        $watch = $this->watch();
        $events = [];
        $scope = new RunScope($this->ticket, $watch, new ProviderTimeout(), function (array $event) use (&$events): void {
            $events[] = $event['event'];
        });
        foreach (['started', 'step', 'delta'] as $line) {
            $this->clock->sleep(9.9);
            match ($line) {
                'started' => $scope->started('run-uuid'),
                'step' => $scope->step(['kind' => 'tool', 'round' => 1, 'durationMs' => 5]),
                'delta' => $scope->delta('A word'),
            };
            $this->clock->sleep(0.2);
            $watch->reason();
        }
        self::assertSame(['started', 'step', 'delta'], $events);
        self::assertSame([], $this->output->names(), 'no heartbeat: a line went out less than ten seconds before');
    }

    public function testTheLedgerIsReadAFewTimesASecondNotForEveryChunk(): void
    {
        $watch = $this->watch();
        self::assertNull($watch->reason());
        $this->ledger->requestCancel(2, 'req', null, 0);

        self::assertNull($watch->reason(), 'read less than a quarter second ago');
        self::assertSame(RunWatch::STOPPED, $watch->reason(force: true), 'a step boundary reads it');
        $this->clock->sleep(RunWatch::CHECK_EVERY);
        self::assertSame(RunWatch::STOPPED, $watch->reason());
    }

    public function testAClientThatWentAwayIsSeenAtTheNextBoundary(): void
    {
        $watch = $this->watch();
        $this->output->goneAfter = 0;

        self::assertSame(RunWatch::GONE, $watch->reason());
    }

    public function testTheProviderTimeoutIsTheTimeLeftForThisRequestOnlyAndIsPutBack(): void
    {
        $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout'] = 0;
        $timeout = new ProviderTimeout();

        $timeout->limit(37);
        self::assertSame(37, $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout']);
        $timeout->limit(0);
        self::assertSame(1, $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout']);
        $timeout->restore();
        self::assertSame(0, $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout']);
        unset($GLOBALS['TYPO3_CONF_VARS']['HTTP']);
        $timeout->limit(5);
        $timeout->restore();
        self::assertArrayNotHasKey('timeout', $GLOBALS['TYPO3_CONF_VARS']['HTTP']);
    }

    private function watch(int $deadlineIn = 120): RunWatch
    {
        $now = (float)$this->clock->now()->format('U.u');
        $entry = $this->ledger->open(2, 'req', (int)$now, (int)$now + $deadlineIn);

        $this->ticket = new RunTicket($entry, 2, 'req', $now, $now + $deadlineIn);

        return new RunWatch($this->ticket, $this->ledger, $this->clock, $this->output);
    }
}
