<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Tests\Support\MemoryCache;
use PHPUnit\Framework\TestCase;

final class RunLedgerTest extends TestCase
{
    private const EDITOR = 2;

    private const OTHER = 4;

    public function testACancelReachesTheRunningRunOfItsOwnUserOnly(): void
    {
        $ledger = new RunLedger(new MemoryCache());
        self::assertTrue($ledger->begin(self::EDITOR, 'req-1'));

        self::assertSame('unknown', $ledger->requestCancel(self::OTHER, 'req-1')['state']);
        self::assertFalse($ledger->cancelRequested(self::EDITOR, 'req-1'), 'another user’s cancel changes nothing');

        self::assertSame('running', $ledger->requestCancel(self::EDITOR, 'req-1')['state']);
        self::assertTrue($ledger->cancelRequested(self::EDITOR, 'req-1'));
    }

    public function testACancelBeforeTheRunIsRememberedAndTheRunDoesNotStart(): void
    {
        $ledger = new RunLedger(new MemoryCache());

        self::assertSame(['state' => 'unknown', 'runUuid' => null], $ledger->requestCancel(self::EDITOR, 'req-2'));
        self::assertFalse($ledger->begin(self::EDITOR, 'req-2'));
        self::assertTrue($ledger->begin(self::OTHER, 'req-2'), 'the same id of another user is another run');
    }

    public function testAFinishedRunAnswersWithItsUuidAndTakesNoCancelFlag(): void
    {
        $ledger = new RunLedger(new MemoryCache());
        $ledger->begin(self::EDITOR, 'req-3');
        $ledger->finish(self::EDITOR, 'req-3', 'run-uuid-3');

        self::assertSame(['state' => 'finished', 'runUuid' => 'run-uuid-3'], $ledger->requestCancel(self::EDITOR, 'req-3'));
        self::assertFalse($ledger->cancelRequested(self::EDITOR, 'req-3'));
    }

    public function testEntriesUseCacheIdentifiersTypo3Accepts(): void
    {
        $cache = new MemoryCache();
        (new RunLedger($cache))->begin(self::EDITOR, 'a:b.c-d_' . str_repeat('x', 120));

        foreach (array_keys($cache->entries) as $identifier) {
            self::assertMatchesRegularExpression('/^[a-zA-Z0-9_%\-&]{1,250}$/', $identifier);
        }
    }
}
