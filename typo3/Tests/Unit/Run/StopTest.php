<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tests\Support\SiteTestCase;

/**
 * Stop, as the editor presses it while a run goes (the cancel arriving "from another request" after a
 * given line), and a client that goes away.
 */
final class StopTest extends SiteTestCase
{
    public function testStopDuringAnAgentRunIsNrLlmsOwnCancelAtTheNextStepWhichNrLlmRecords(): void
    {
        $this->stopAfter('step', 2);

        $this->runTask(['prompt' => 'Look up get_page_content and search_records.', 'tools' => ['get_page_content', 'search_records'], 'requestId' => 'req-stop']);

        $run = $this->runEntry();
        self::assertSame('cancelled', $run['outcome'], 'nr-llm files the run as cancelled, not failed');
        self::assertSame(2, $run['recordedSteps'], 'the step Stop landed on is recorded too');
        self::assertSame('cancelled', $this->terminal()['event']);
        self::assertSame([], array_filter($this->site->logger->records, static fn(array $r): bool => $r['level'] === 'error'), 'a Stop is no failure');
    }

    public function testStopDuringAStreamedAnswerLeavesNrLlmsStreamAndSaysCancelled(): void
    {
        $this->stopAfter('delta', 3);
        $previous = $this->output->afterLine;
        // Time goes by between chunks: the ledger is read a few times a second, not for every chunk.
        $this->output->afterLine = function (array $event) use ($previous): void {
            $this->clock->sleep(0.3);
            $previous($event);
        };

        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One two three four five six seven. Eight nine ten eleven.'], 'requestId' => 'req-s']);

        self::assertSame('cancelled', $this->terminal()['event']);
        self::assertSame('closed', $this->site->chat->calls[0]['outcome'], 'the stream was let go before its end');
        self::assertSame(3, $this->site->chat->calls[0]['pieces']);
    }

    public function testAnotherUsersCancelReachesNothing(): void
    {
        $this->output->afterLine = function (array $event): void {
            if ($event['event'] === 'step') {
                SimulatedSite::logIn('other-editor');
                $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'req-7'])), 200);
                SimulatedSite::logIn('editor');
            }
        };

        $this->runTask(['prompt' => 'x get_page_content', 'tools' => ['get_page_content'], 'requestId' => 'req-7']);

        self::assertSame('done', $this->terminal()['event']);
    }

    public function testAStopThatArrivesBeforeItsRunSaysSoAndTheRunNeverStarts(): void
    {
        $body = $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'req-early'])), 200);
        self::assertSame(['success' => true, 'cancelled' => true], $body, 'the run is stopped: it will never start');

        $this->runTask(['prompt' => 'Summarise.', 'requestId' => 'req-early']);

        self::assertSame(['heartbeat', 'cancelled'], $this->output->names());
        self::assertSame([], $this->site->chat->calls);
    }

    public function testStopsForRunsThatNeverComeAreBoundedPerEditorAndForgottenInMinutes(): void
    {
        $runs = $this->site->database->getConnectionForTable('tx_askai_run');
        for ($i = 0; $i < 50; $i++) {
            $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'made-up-' . $i])), 200);
        }
        $body = $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'one-too-many'])), 200);

        self::assertSame(['success' => true, 'cancelled' => false], $body, 'past the cap nothing is stored');
        self::assertSame(50, (int)$runs->count('uid', 'tx_askai_run', []), 'fifty markers an editor, as documented');
        // Another editor has markers of their own.
        SimulatedSite::logIn('other-editor');
        self::assertSame(['success' => true, 'cancelled' => true], $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'theirs'])), 200));
        SimulatedSite::logIn('editor');

        // Kept five minutes, as documented, and gone the second after.
        $this->clock->sleep(5 * 60);
        $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'meanwhile'])), 200);
        self::assertSame(51, (int)$runs->count('uid', 'tx_askai_run', []), 'five minutes on, all are kept (and the cap still full)');
        $this->clock->sleep(1);
        $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'later'])), 200);
        self::assertSame(1, (int)$runs->count('uid', 'tx_askai_run', []), 'the expired markers went; the new one stays');
    }

    public function testStopsAreRateLimitedPerEditorLikeRatings(): void
    {
        // Sixty a minute, as documented: the sixtieth passes, the sixty-first is refused.
        for ($i = 0; $i < 60; $i++) {
            $this->json($this->site->controller->cancelAction($this->post(['runUuid' => sprintf('3f2b8c9e-0000-4000-8000-%012d', $i)])), 200);
        }

        $response = $this->site->controller->cancelAction($this->post(['requestId' => 'one-more']));

        $this->assertError(429, 'Too many stops in a short time.', $response);
        self::assertMatchesRegularExpression('/^[1-9]\d*$/', $response->getHeaderLine('Retry-After'));
        self::assertSame(0, (int)$this->site->database->getConnectionForTable('tx_askai_run')->count('uid', 'tx_askai_run', ['request_id' => 'one-more']), 'and nothing stored');
    }

    public function testACancelByRunUuidGoesToNrLlmsCancelWithTheActor(): void
    {
        $body = $this->json($this->site->controller->cancelAction($this->post(['runUuid' => '3f2b8c9e-0000-4000-8000-000000000042'])), 200);

        self::assertSame(['success' => true, 'cancelled' => false], $body);
        self::assertSame([['actor' => 2, 'runUuid' => '3f2b8c9e-0000-4000-8000-000000000042']], $this->site->runtime->cancels);
        $this->assertError(400, '"runUuid" or "requestId"', $this->site->controller->cancelAction($this->post(['requestId' => 'a b'])));
    }

    public function testAClientThatWentAwayStopsItsRunAsStopDoes(): void
    {
        $this->output->goneAfter = 3;

        $this->runTask(['prompt' => 'x get_page_content search_records', 'tools' => ['get_page_content', 'search_records'], 'requestId' => 'req-gone']);

        self::assertSame('cancelled', $this->runEntry()['outcome']);
    }

    private function stopAfter(string $event, int $count): void
    {
        $seen = 0;
        $this->output->afterLine = function (array $line) use ($event, $count, &$seen): void {
            if ($line['event'] === $event && ++$seen === $count) {
                $request = $this->output->events()[0]['event'] === 'heartbeat' ? $this->lastRequestId() : null;
                $this->json($this->site->controller->cancelAction($this->post(['requestId' => $request])), 200);
            }
        };
    }

    /** @return array<string, mixed> the scripted runtime's journal entry of the (one) run */
    private function runEntry(): array
    {
        $runs = array_values(array_filter($this->site->runtime->journal, static fn(array $e): bool => isset($e['outcome'])));
        self::assertCount(1, $runs);

        return $runs[0];
    }

    private function lastRequestId(): string
    {
        $rows = $this->site->database->getConnectionForTable('tx_askai_run')->select(['request_id'], 'tx_askai_run', ['state' => 'running'])->fetchFirstColumn();

        return (string)end($rows);
    }
}
