<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\NrLlm;

use AskAiDialog\AskAi\NrLlm\RunningRunLookup;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Tests\Support\TestDatabase;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;

/**
 * The agent run a PHP process executes, found in nr-llm's run table (its columns as nr-llm's schema has
 * them, in SQLite in memory, read through TYPO3's own query builder): the running run of this editor that
 * nr-llm claimed for this process (`interactive:<host>:<pid>`), or for the worker the ledger recorded, not
 * created before the entry started; the newest where there are several.
 */
final class RunningRunLookupTest extends TestCase
{
    private ConnectionPool $pool;

    private Connection $database;

    protected function setUp(): void
    {
        $this->pool = TestDatabase::connect();
        $this->database = $this->pool->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
        $this->database->executeStatement('CREATE TABLE tx_nrllm_agentrun (uid INTEGER PRIMARY KEY, be_user INTEGER, status VARCHAR(32), claimed_by VARCHAR(64), crdate INTEGER, uuid VARCHAR(36))');
    }

    protected function tearDown(): void
    {
        $this->database->executeStatement('DROP TABLE IF EXISTS tx_nrllm_agentrun');
    }

    public function testTheRunningRunThisProcessClaimedForTheEditorIsFound(): void
    {
        $this->agentRun(1, 'aaaa', claimedBy: 'interactive:' . RunLedger::worker());
        self::assertSame('aaaa', (new RunningRunLookup($this->pool))->runningRun(2, 1000));
    }

    public function testAnotherEditorsAnotherWorkersAnEndedAnOlderOrAnUnnamedRunIsNotIt(): void
    {
        $mine = 'interactive:' . RunLedger::worker();
        $this->agentRun(1, 'other-editor', claimedBy: $mine, owner: 3);
        $this->agentRun(2, 'other-worker', claimedBy: 'interactive:node-b:4242');
        $this->agentRun(3, 'ended', claimedBy: $mine, status: 'completed');
        $this->agentRun(4, 'older', claimedBy: $mine, created: 999);
        $this->agentRun(5, '', claimedBy: $mine);
        self::assertNull((new RunningRunLookup($this->pool))->runningRun(2, 1000));
    }

    public function testTheRunOfAWorkerTheLedgerRecordedIsFoundByThatWorker(): void
    {
        $this->agentRun(1, 'theirs', claimedBy: 'interactive:node-b:4242');
        self::assertSame('theirs', (new RunningRunLookup($this->pool))->runningRun(2, 1000, 'node-b:4242'));
        self::assertNull((new RunningRunLookup($this->pool))->runningRun(2, 1000, 'node-c:1'));
    }

    public function testTheNewestOfSeveralIsTaken(): void
    {
        $mine = 'interactive:' . RunLedger::worker();
        $this->agentRun(1, 'first', claimedBy: $mine);
        $this->agentRun(2, 'second', claimedBy: $mine);
        self::assertSame('second', (new RunningRunLookup($this->pool))->runningRun(2, 1000));
    }

    public function testWithoutNrLlmsTableThereIsNoneNeverAnError(): void
    {
        $this->database->executeStatement('DROP TABLE tx_nrllm_agentrun');
        self::assertNull((new RunningRunLookup($this->pool))->runningRun(2, 1000));
    }

    private function agentRun(int $uid, string $uuid, string $claimedBy, int $owner = 2, string $status = 'running', int $created = 1000): void
    {
        $this->database->insert('tx_nrllm_agentrun', ['uid' => $uid, 'be_user' => $owner, 'status' => $status, 'claimed_by' => $claimedBy, 'crdate' => $created, 'uuid' => $uuid]);
    }
}
