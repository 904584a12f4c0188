<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\AbandonedRuns;
use AskAiDialog\AskAi\Run\RunAdmission;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tests\Support\SiteTestCase;
use Doctrine\DBAL\Exception\RetryableException;

/** How many runs may go at once, for one editor and for the site; one run per request id. */
final class RunLimitsTest extends SiteTestCase
{
    public function testPastTheEditorsLimitARunIs429WithRetryAfterAndNothingRuns(): void
    {
        $this->running(2, owner: 2);

        $body = $this->assertError(429, 'already have 2 AI tasks running', $response = $this->runTask(['prompt' => 'x', 'requestId' => 'third']));

        self::assertSame('userLimit', $body['reason']);
        self::assertMatchesRegularExpression('/^[1-9]\d*$/', $response->getHeaderLine('Retry-After'), 'a wait of at least a second');
        self::assertLessThanOrEqual(10, (int)$response->getHeaderLine('Retry-After'));
        self::assertSame([], $this->site->chat->calls);
        self::assertSame(2, $this->runningEntries(), 'the refused run left no entry');
    }

    public function testAnotherEditorStillRunsAndTheSiteLimitCountsEveryEditor(): void
    {
        $this->running(2, owner: 2);
        SimulatedSite::logIn('other-editor');
        $this->runTask(['prompt' => 'x', 'requestId' => 'theirs']);
        self::assertSame('done', $this->terminal()['event']);

        $this->site = $this->makeSite(['runsPerSite' => 3]);
        $this->running(2, owner: 2);
        $this->running(1, owner: 9);
        SimulatedSite::logIn('other-editor');
        $body = $this->assertError(429, 'busy with other tasks', $this->runTask(['prompt' => 'x', 'requestId' => 'fourth']));
        self::assertSame('siteLimit', $body['reason']);
        // Each running run holds its editor's place and one of the site's; the refused one holds none.
        self::assertSame(6, (int)$this->site->database->getConnectionForTable('tx_askai_slot')->count('*', 'tx_askai_slot', []));
    }

    public function testARunLeftRunningPastItsDeadlineByADeadWorkerNoLongerCountsOnlyOnceItsTimeIsUp(): void
    {
        $this->running(2, owner: 2);
        $now = (int)$this->clock->now()->format('U');
        $rows = $this->site->database->getConnectionForTable('tx_askai_run')->select(['deadline', 'abandon_at'], 'tx_askai_run')->fetchAllAssociative();
        self::assertSame((int)$rows[0]['deadline'] + 10, (int)$rows[0]['abandon_at'], 'documented: its deadline and ten seconds');

        // Past its deadline, not yet past its abandon time: a live run in its last call still counts.
        $this->clock->sleep((int)$rows[0]['deadline'] - $now + RunLedger::ABANDONED_AFTER - 1);
        $this->assertError(429, 'already have 2 AI tasks running', $this->runTask(['prompt' => 'x', 'requestId' => 'early']));

        $this->clock->sleep(2);
        $this->runTask(['prompt' => 'x', 'requestId' => 'fresh']);

        self::assertSame('done', $this->terminal()['event']);
        self::assertSame(2, (int)$this->site->database->getConnectionForTable('tx_askai_run')->count('uid', 'tx_askai_run', ['state' => 'abandoned']));
        self::assertSame(0, (int)$this->site->database->getConnectionForTable('tx_askai_slot')->count('*', 'tx_askai_slot', []), 'the abandoned runs hold no place');
    }

    public function testARunOfAWorkerThatDiedIsEndedInNrLlmTooByItsUuidOrByItsWorker(): void
    {
        $ledger = $this->site->container->get(RunLedger::class);
        assert($ledger instanceof RunLedger);
        $this->running(2, owner: 2);
        $this->running(1, owner: 3);
        $connection = $this->site->database->getConnectionForTable('tx_askai_run');
        [$first, $second, $third] = array_map('intval', $connection->select(['uid'], 'tx_askai_run', [], [], ['uid' => 'ASC'])->fetchFirstColumn());
        // The first had reached a step (its uuid is known); the second died in its first model call, on
        // another node's worker: nr-llm's run is found by that worker.
        $ledger->attachRunUuid($first, 'aaaaaaaa-0000-4000-8000-000000000001');
        $connection->update('tx_askai_run', ['worker' => 'node-b:4242'], ['uid' => $second]);
        // That node's clock a second behind: nr-llm dated its run a second before the entry started. An
        // older run of the same worker (an earlier request) is not this one.
        $started = (int)$connection->select(['started'], 'tx_askai_run', ['uid' => $second])->fetchOne();
        $this->site->door->runsOfWorkers['node-b:4242'] = [
            ['uuid' => 'cccccccc-0000-4000-8000-000000000003', 'created' => $started - 2],
            ['uuid' => 'bbbbbbbb-0000-4000-8000-000000000002', 'created' => $started - 1],
        ];
        // The third died before nr-llm made its run: its worker's only run is an older one, left alone.
        $connection->update('tx_askai_run', ['worker' => 'node-c:7'], ['uid' => $third]);
        $this->site->door->runsOfWorkers['node-c:7'] = [['uuid' => 'dddddddd-0000-4000-8000-000000000004', 'created' => $started - 2]];
        $abandonAt = (int)$connection->select(['abandon_at'], 'tx_askai_run', ['uid' => $first])->fetchOne();

        $this->clock->sleep($abandonAt - (int)$this->clock->now()->format('U') + 1);
        $this->runTask(['prompt' => 'x', 'requestId' => 'after']);

        $byAccount = array_values(array_filter($this->site->runtime->cancels, static fn(array $c): bool => ($c['account'] ?? null) === AbandonedRuns::ACCOUNT));
        self::assertSame(
            ['aaaaaaaa-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002'],
            array_column($byAccount, 'runUuid'),
            'each abandoned run cancelled in nr-llm once, by the extension\'s own service account',
        );
        self::assertSame(0, $this->runningEntries(), 'nothing left running');
        self::assertStringContainsString('worker stopped answering', implode("\n", array_column($this->site->logger->records, 'message')));

        // Asked again (another node's admission): nothing more to end.
        $this->runTask(['prompt' => 'x', 'requestId' => 'again']);
        self::assertCount(2, array_filter($this->site->runtime->cancels, static fn(array $c): bool => ($c['account'] ?? null) === AbandonedRuns::ACCOUNT));
    }

    public function testStaleRunsAreEndedFiftyAtATimeSoOneRequestNeverCarriesThemAll(): void
    {
        $ledger = $this->site->container->get(RunLedger::class);
        assert($ledger instanceof RunLedger);
        $now = (int)$this->clock->now()->format('U');
        $runs = $this->site->database->getConnectionForTable('tx_askai_run');
        for ($i = 0; $i < 51; $i++) {
            $runs->insert('tx_askai_run', ['be_user' => 2, 'request_id' => 'stale-' . $i, 'state' => 'running', 'started' => $now - 120, 'deadline' => $now - 70, 'abandon_at' => $now - 60]);
        }

        self::assertCount(50, $ledger->abandonStale($now));
        self::assertCount(1, $ledger->abandonStale($now), 'the rest on the next request');
        self::assertSame([], $ledger->abandonStale($now));
    }

    public function testAnEntryNamesTheWorkerThatRunsItByHostAndProcess(): void
    {
        // What finds nr-llm's run again when this worker dies: nr-llm's claim names the same process.
        $this->running(1, owner: 2);
        $worker = $this->site->database->getConnectionForTable('tx_askai_run')->select(['worker'], 'tx_askai_run', [])->fetchOne();

        self::assertSame(gethostname() . ':' . getmypid(), $worker);
    }

    public function testAPlaceCanBeTakenOnceWhateverTheOrderOfTheRequests(): void
    {
        $ledger = $this->site->container->get(RunLedger::class);
        assert($ledger instanceof RunLedger);
        $now = (int)$this->clock->now()->format('U');
        $entries = array_map(static fn(int $i): int => $ledger->open(2, 'race-' . $i, $now, $now + 100), [1, 2, 3]);
        // The third entry asks first: it takes a place, whatever the entries' order.
        self::assertTrue($ledger->takePlace('user:2', 2, $entries[2], $now));
        self::assertTrue($ledger->takePlace('user:2', 2, $entries[0], $now));
        self::assertFalse($ledger->takePlace('user:2', 2, $entries[1], $now));
        $ledger->finish($entries[0], null, null, $now);
        self::assertTrue($ledger->takePlace('user:2', 2, $entries[1], $now), 'a finished run leaves its place');
    }

    public function testARequestIdInUseIsRefusedSoStopCannotReachTheWrongRun(): void
    {
        $this->runTask(['prompt' => 'x', 'requestId' => 'same']);

        $this->assertError(409, 'already in use', $this->runTask(['prompt' => 'y', 'requestId' => 'same']));
        self::assertCount(1, $this->site->chat->calls);
    }

    public function testAFinishedRunNoLongerCounts(): void
    {
        $this->runTask(['prompt' => 'x', 'requestId' => 'a']);
        $this->runTask(['prompt' => 'x', 'requestId' => 'b']);
        $this->runTask(['prompt' => 'x', 'requestId' => 'c']);

        self::assertCount(3, $this->site->chat->calls);
        self::assertSame(0, $this->runningEntries());
        self::assertSame(0, (int)$this->site->database->getConnectionForTable('tx_askai_slot')->count('*', 'tx_askai_slot', []), 'its places let go at once');
    }

    public function testARunsEndThatMetAnotherStatementIsWrittenAgainItsPlaceLetGo(): void
    {
        // SQLite's "database is locked" is what Doctrine calls retryable, as InnoDB's deadlock is: the
        // database refuses the end once, as MariaDB did when two runs ended at the same moment.
        $this->refuse('UPDATE', 'tx_askai_run', 1);

        $this->runTask(['prompt' => 'x', 'requestId' => 'met']);

        self::assertSame('done', $this->terminal()['event']);
        self::assertArrayHasKey('correlationId', $this->terminal(), 'its answer can still be rated');
        self::assertSame(0, $this->runningEntries());
        self::assertSame(0, (int)$this->site->database->getConnectionForTable('tx_askai_slot')->count('*', 'tx_askai_slot', []));
    }

    public function testARunsEndRefusedEveryTimeIsGivenUpAfterItsAttempts(): void
    {
        $this->refuse('UPDATE', 'tx_askai_run', RunLedger::END_ATTEMPTS);
        $ledger = $this->site->container->get(RunLedger::class);
        assert($ledger instanceof RunLedger);
        $now = (int)$this->clock->now()->format('U');
        $entry = $ledger->open(2, 'refused', $now, $now + 100);

        try {
            $ledger->finish($entry, null, null, $now);
            self::fail('an end the database refused every time is not taken as written');
        } catch (RetryableException) {
            // Given up: the envelope says so and the entry ages out at its deadline.
        }
        $ledger->finish($entry, null, null, $now);
        self::assertSame(0, $this->runningEntries(), 'written at the attempt after the last refused one');
    }

    public function testHousekeepingThatMeetsAnotherStatementDoesNotUndoTheRunsEnd(): void
    {
        // An entry old enough to be forgotten at the next run's end, whose removal the database refuses.
        $finished = (int)$this->clock->now()->format('U') - RunLedger::KEEP_SECONDS - 1;
        $this->site->database->getConnectionForTable('tx_askai_run')->insert('tx_askai_run', ['be_user' => 2, 'request_id' => 'old', 'state' => 'finished', 'started' => $finished - 5, 'deadline' => $finished + 45, 'abandon_at' => $finished + 55, 'finished' => $finished]);
        $this->refuse('DELETE', 'tx_askai_run', 1_000);

        $this->runTask(['prompt' => 'x', 'requestId' => 'kept']);

        self::assertSame('done', $this->terminal()['event']);
        self::assertArrayHasKey('correlationId', $this->terminal());
        self::assertSame(0, $this->runningEntries());
        self::assertSame(2, (int)$this->site->database->getConnectionForTable('tx_askai_run')->count('uid', 'tx_askai_run', []), 'the old entry waits for the next end');
    }

    /** The next `$times` statements `$statement` on `$table` fail as a locked database's do. */
    private function refuse(string $statement, string $table, int $times): void
    {
        $database = $this->site->database->getConnectionForTable($table);
        $database->executeStatement('CREATE TABLE refusals (left_over INTEGER)');
        $database->insert('refusals', ['left_over' => $times]);
        $database->executeStatement(
            "CREATE TRIGGER refuse BEFORE {$statement} ON {$table} WHEN (SELECT left_over FROM refusals) > 0 BEGIN "
            . "UPDATE refusals SET left_over = left_over - 1; SELECT RAISE(FAIL, 'database is locked'); END"
        );
    }

    /** Runs admitted (their places taken) and going on, as another request's would be. */
    private function running(int $count, int $owner): void
    {
        $admission = $this->site->container->get(RunAdmission::class);
        assert($admission instanceof RunAdmission);
        for ($i = 0; $i < $count; $i++) {
            $admission->admit($owner, 'busy-' . $owner . '-' . $i);
        }
    }

    private function runningEntries(): int
    {
        return (int)$this->site->database->getConnectionForTable('tx_askai_run')->count('uid', 'tx_askai_run', ['state' => 'running']);
    }

    public function testAnEndedRunIsKeptSevenDaysForItsRatingThenForgotten(): void
    {
        $now = (int)$this->clock->now()->format('U');
        $ledger = $this->site->database->getConnectionForTable('tx_askai_run');
        foreach (['old' => $now - RunLedger::KEEP_SECONDS - 1, 'recent' => $now - RunLedger::KEEP_SECONDS + 60] as $id => $finished) {
            $ledger->insert('tx_askai_run', ['be_user' => 2, 'request_id' => $id, 'state' => 'finished', 'started' => $finished - 5, 'deadline' => $finished + 45, 'abandon_at' => $finished + 55, 'finished' => $finished]);
        }

        $this->runTask(['prompt' => 'x', 'requestId' => 'now']);

        self::assertSame('done', $this->terminal()['event']);
        $kept = array_column($ledger->select(['request_id'], 'tx_askai_run')->fetchAllAssociative(), 'request_id');
        sort($kept);
        self::assertSame(['now', 'recent'], $kept);
    }

    public function testAStopForARunThatNeverCameIsForgottenOnceItsTimeIsUp(): void
    {
        $now = (int)$this->clock->now()->format('U');
        $ledger = $this->site->database->getConnectionForTable('tx_askai_run');
        foreach (['stale' => $now - RunLedger::MARKER_SECONDS - 100, 'fresh' => $now - 10] as $id => $at) {
            $ledger->insert('tx_askai_run', ['be_user' => 2, 'request_id' => $id, 'state' => 'cancelled', 'cancel_requested' => 1, 'started' => $at, 'deadline' => $at + RunLedger::MARKER_SECONDS, 'finished' => $at]);
        }

        $this->runTask(['prompt' => 'x', 'requestId' => 'now']);

        $kept = array_column($ledger->select(['request_id'], 'tx_askai_run')->fetchAllAssociative(), 'request_id');
        sort($kept);
        self::assertSame(['fresh', 'now'], $kept);
    }

    public function testPlacesStillHeldForRunsThatEndedAreFreedWhenARunNeedsThem(): void
    {
        // As a worker that died between its run's end and letting go of its places would leave them.
        $slots = $this->site->database->getConnectionForTable('tx_askai_slot');
        foreach ([0, 1] as $place) {
            $slots->insert('tx_askai_slot', ['scope' => 'user:2', 'slot' => $place, 'entry' => 900 + $place, 'expires' => (int)$this->clock->now()->format('U') + 60]);
        }

        $this->runTask(['prompt' => 'x', 'requestId' => 'after']);

        self::assertSame('done', $this->terminal()['event']);
    }
}
