<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tests\Support\SiteTestCase;

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
    }

    public function testARunLeftRunningPastItsDeadlineByADeadWorkerNoLongerCounts(): void
    {
        $this->running(2, owner: 2, deadline: (int)$this->clock->now()->format('U') - RunLedger::ABANDONED_AFTER - 1);

        $this->runTask(['prompt' => 'x', 'requestId' => 'fresh']);

        self::assertSame('done', $this->terminal()['event']);
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
    }

    private function running(int $count, int $owner, ?int $deadline = null): void
    {
        $now = (int)$this->clock->now()->format('U');
        for ($i = 0; $i < $count; $i++) {
            $this->site->database->getConnectionForTable('tx_askai_run')->insert('tx_askai_run', [
                'be_user' => $owner, 'request_id' => 'busy-' . $owner . '-' . $i, 'state' => 'running', 'started' => $now, 'deadline' => $deadline ?? $now + 100,
            ]);
        }
    }

    private function runningEntries(): int
    {
        return (int)$this->site->database->getConnectionForTable('tx_askai_run')->count('uid', 'tx_askai_run', ['state' => 'running']);
    }
}
