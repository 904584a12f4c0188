<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Tests\Support\SiteTestCase;
use Netresearch\NrLlm\Domain\DTO\BudgetCheckResult;
use Netresearch\NrLlm\Exception\BudgetExceededException;
use Netresearch\NrLlm\Provider\Exception\ProviderRateLimitException;
use Netresearch\NrLlm\Provider\Exception\ProviderResponseException;

/**
 * Whatever fails once the answer has begun ends the stream with the contract's `error` event, with the
 * reason the dialog words (and the wait, where there is one): logged, never the exception's text.
 */
final class FailurePathsTest extends SiteTestCase
{
    public function testAModelsRateLimitIsItsOwnSentenceWithTheWaitItNamed(): void
    {
        $this->site->chat->nextFailure = new ProviderRateLimitException('secret: 429 from upstream', 429, responseBody: '{"error":{"message":"Rate limit reached. Please try again in 7.2s."}}');

        $this->runTask(['prompt' => 'Summarise.', 'requestId' => 'limited']);

        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'The AI service has had too many requests. Try again in 8 seconds.', 'reason' => 'rateLimited', 'retryAfter' => 8], $this->terminal());
    }

    public function testAModelThatFailsIsUnavailableAndTheBudgetIsTheBudgetsSentence(): void
    {
        $this->site->chat->nextFailure = new ProviderResponseException('secret: upstream 500', 500);
        $this->runTask(['prompt' => 'Summarise.', 'requestId' => 'down']);
        self::assertSame('unavailable', $this->terminal()['reason']);
        self::assertStringNotContainsString('secret', implode('', $this->output->lines));

        $this->site->chat->nextFailure = new BudgetExceededException(BudgetCheckResult::denied(BudgetCheckResult::LIMIT_MONTHLY_COST, 10.0, 10.0, 'secret budget detail'));
        $this->runTask(['prompt' => 'Summarise.', 'requestId' => 'poor']);
        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'Your AI usage budget for this month is used up.', 'reason' => 'budget', 'period' => 'month'], $this->terminal());
    }

    public function testALedgerThatFailsMidRunEndsTheStreamWithOneErrorEvent(): void
    {
        $this->output->afterLine = function (array $event): void {
            if ($event['event'] === 'heartbeat') {
                $this->site->database->getConnectionForTable('tx_askai_run')->executeStatement('DROP TABLE tx_askai_run');
            }
        };

        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two.'], 'requestId' => 'broken']);

        $terminals = array_values(array_filter($this->output->events(), static fn(array $e): bool => !in_array($e['event'], ['heartbeat', 'delta', 'step', 'started'], true)));
        self::assertSame([['event' => 'error', 'success' => false, 'error' => 'The task failed. The details are in the system log.', 'reason' => 'failed']], $terminals);
        self::assertNotSame([], array_filter($this->site->logger->records, static fn(array $r): bool => $r['level'] === 'error'));
    }

    public function testAFailureBeforeTheStreamIsAJsonAnswerNeverAnHtmlPage(): void
    {
        $this->site->database->getConnectionForTable('tx_askai_run')->executeStatement('DROP TABLE tx_askai_run');

        $response = $this->runTask(['prompt' => 'Summarise.', 'requestId' => 'no-ledger']);

        self::assertSame('application/json; charset=utf-8', $response->getHeaderLine('Content-Type'));
        $this->assertError(500, 'The server could not answer.', $response);
        self::assertFalse($this->output->opened);
    }
}
