<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Tests\Support\SiteTestCase;
use PHPUnit\Framework\Attributes\DataProvider;
use Netresearch\NrLlm\Domain\DTO\BudgetCheckResult;
use Netresearch\NrLlm\Exception\BudgetExceededException;
use Netresearch\NrLlm\Provider\Exception\FallbackChainExhaustedException;
use Netresearch\NrLlm\Provider\Exception\ProviderAuthenticationException;
use Netresearch\NrLlm\Provider\Exception\ProviderConfigurationException;
use Netresearch\NrLlm\Provider\Exception\ProviderConnectionException;
use Netresearch\NrLlm\Provider\Exception\ProviderRateLimitException;
use Netresearch\NrLlm\Provider\Exception\ProviderResponseException;
use Netresearch\NrLlm\Domain\Enum\AgentRunOutcome;
use Netresearch\NrLlm\Service\Agent\AgentRunResult;

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

    public function testAnAgentRunThatEndsWithoutAnAnswerIsLoggedWithItsOutcomeAndAnAnsweredOneIsNot(): void
    {
        $this->runTask(['prompt' => 'Look up get_page_content.', 'tools' => ['get_page_content'], 'requestId' => 'answered']);
        self::assertSame('done', $this->terminal()['event']);
        self::assertSame([], $this->agentRunErrors(), 'an answer is no failure');

        $failure = new ProviderResponseException('secret: upstream 500', 500);
        $this->site->runtime->nextResult = static fn(string $uuid): AgentRunResult => new AgentRunResult(AgentRunOutcome::FAILED, $uuid, [], error: $failure);
        $this->runTask(['prompt' => 'Look up get_page_content.', 'tools' => ['get_page_content'], 'requestId' => 'failed']);
        self::assertSame('unavailable', $this->terminal()['reason']);
        $logged = $this->agentRunErrors();
        self::assertCount(1, $logged);
        self::assertSame(['failed', $failure], [$logged[0]['context']['outcome'], $logged[0]['context']['exception']]);
    }

    /** @return list<array<string, mixed>> */
    private function agentRunErrors(): array
    {
        return array_values(array_filter($this->site->logger->records, static fn(array $r): bool => $r['message'] === 'Ask AI: the agent run ended without an answer'));
    }

    /** @return array<string, array{0: \Throwable, 1: string}> */
    public static function providerFailures(): array
    {
        $key = 'sk-live-secret-key https://api.example.test/v1/chat';

        return [
            'a key the service does not take (401)' => [new ProviderAuthenticationException($key, 401, endpoint: 'https://api.example.test/v1/chat'), 'misconfigured'],
            'a key without the right (403)' => [new ProviderResponseException($key, 403), 'misconfigured'],
            'a model that does not exist (404)' => [new ProviderResponseException($key, 404, responseBody: '{"error":"model not found"}'), 'misconfigured'],
            'a request the service cannot read (400)' => [new ProviderResponseException($key, 400), 'misconfigured'],
            'a provider nr-llm cannot build' => [new ProviderConfigurationException($key, 1), 'misconfigured'],
            'the last of a fallback chain, a 404' => [FallbackChainExhaustedException::fromAttempts([['configuration' => 'a', 'error' => new ProviderResponseException($key, 404)]]), 'misconfigured'],
            'a timeout (408)' => [new ProviderResponseException($key, 408), 'unavailable'],
            'a server error (503)' => [new ProviderConnectionException('Server returned status 503 ' . $key, 503), 'unavailable'],
            'no connection' => [new ProviderConnectionException('Connection refused ' . $key, 0), 'unavailable'],
            'a rate limit (429)' => [new ProviderRateLimitException($key, 429), 'rateLimited'],
        ];
    }

    /** @dataProvider providerFailures */
    #[DataProvider('providerFailures')]
    public function testAProvidersRefusalOfItsSetUpIsForAnAdministratorAndNotToBeRetried(\Throwable $failure, string $reason): void
    {
        $this->site->chat->nextFailure = $failure;

        $this->runTask(['prompt' => 'Summarise.', 'requestId' => 'refused']);

        $terminal = $this->terminal();
        self::assertSame($reason, $terminal['reason']);
        if ($reason === 'misconfigured') {
            self::assertSame('The AI service is not set up correctly for this task. An administrator needs to check its configuration.', $terminal['error']);
            self::assertArrayNotHasKey('retryAfter', $terminal, 'no wait: trying again does not help');
        }
        $said = implode('', $this->output->lines);
        self::assertStringNotContainsString('sk-live', $said, 'no key');
        self::assertStringNotContainsString('api.example.test', $said, 'no URL');
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

    public function testALedgerThatFailsOnlyWhenTheRunEndsStillGivesTheAnswerUnratableAndLogsIt(): void
    {
        $dropped = false;
        $this->output->afterLine = function (array $event) use (&$dropped): void {
            if ($event['event'] === 'delta' && !$dropped) {
                $dropped = true;
                // What the run reads of it still works; what its end writes does not.
                $this->site->database->getConnectionForTable('tx_askai_run')->executeStatement('ALTER TABLE tx_askai_run RENAME COLUMN finished TO finished_away');
            }
        };

        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two.'], 'requestId' => 'unrecorded']);

        $done = $this->terminal();
        self::assertSame('done', $done['event'], 'the editor gets the answer that arrived');
        self::assertArrayNotHasKey('correlationId', $done, 'not rated: ratings are checked against the ledger');
        self::assertNotSame([], array_filter($this->site->logger->records, static fn(array $r): bool => $r['level'] === 'error' && str_contains($r['message'], 'could not be recorded')));
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
