<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Tests\Support\SiteTestCase;

/** The run's deadline on every path, end to end: the run stops, says so, and frees its entry. */
final class DeadlineTest extends SiteTestCase
{
    public function testAStreamedAnswerPastTheDeadlineStopsWithTheDeadlinesSentence(): void
    {
        $this->output->afterLine = fn(array $event) => $event['event'] === 'delta' ? $this->clock->sleep(20) : null;

        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One two three four five six. Seven eight nine.'], 'requestId' => 'slow']);

        // 50 s by default: under the common proxies' 60 s read timeout, with room (a call sends nothing).
        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'The AI service did not answer within 50 seconds.', 'reason' => 'deadline'], $this->terminal());
        self::assertSame('closed', $this->site->chat->calls[0]['outcome']);
        self::assertLessThanOrEqual(50, $this->site->chat->calls[0]['timeout'], 'the provider call is bounded by the deadline');
        self::assertSame(0, (int)$this->site->database->getConnectionForTable('tx_askai_run')->count('uid', 'tx_askai_run', ['state' => 'running']));
    }

    public function testAnAgentRunPastTheDeadlineIsCancelledInNrLlmAtTheNextStep(): void
    {
        $this->output->afterLine = fn(array $event) => $event['event'] === 'step' ? $this->clock->sleep(30) : null;

        $this->runTask(['prompt' => 'x get_page_content search_records', 'tools' => ['get_page_content', 'search_records'], 'requestId' => 'slow-agent']);

        self::assertSame('deadline', $this->terminal()['reason']);
        $runs = array_values(array_filter($this->site->runtime->journal, static fn(array $e): bool => isset($e['outcome'])));
        self::assertSame('cancelled', $runs[0]['outcome']);
    }

    public function testTheRunsDeadlineWinsOverALongerTimeoutOfTheConfigurationOrItsProvider(): void
    {
        $this->site = $this->makeSite(['runDeadline' => 45]);
        $this->site->catalogue->configuration('default')?->setTimeout(300);

        $this->runTask(['prompt' => 'x get_page_content', 'tools' => ['get_page_content'], 'requestId' => 'bounded']);
        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two.'], 'requestId' => 'bounded-chat']);

        $run = array_values(array_filter($this->site->runtime->journal, static fn(array $e): bool => isset($e['timeout'])))[0];
        self::assertLessThanOrEqual(45, $run['timeout'], 'each model call of the agent run at most the time the run has left');
        self::assertLessThanOrEqual(45, $this->site->chat->calls[0]['timeout']);
        self::assertSame(300, $this->site->catalogue->configuration('default')?->getEffectiveTimeout(), 'the stored configuration untouched');
    }

    public function testEachModelCallOfAnAgentRunGetsOnlyTheTimeTheRunHasLeft(): void
    {
        $this->site = $this->makeSite(['runDeadline' => 45]);
        // Each step's line takes ten seconds on the test's clock.
        $this->output->afterLine = fn(array $event) => $event['event'] === 'step' ? $this->clock->sleep(10) : null;

        $this->runTask(['prompt' => 'x get_page_content', 'tools' => ['get_page_content'], 'requestId' => 'renewed']);

        $run = array_values(array_filter($this->site->runtime->journal, static fn(array $e): bool => isset($e['stepTimeouts'])))[0];
        self::assertSame([35, 25, 15, 5], $run['stepTimeouts']);
    }

    public function testTheDeadlineIsASettingHeldBelowTheDialogsIdleTimeout(): void
    {
        $this->site = $this->makeSite(['runDeadline' => 9999]);
        $this->output->afterLine = fn(array $event) => $event['event'] === 'delta' ? $this->clock->sleep(60) : null;

        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One two three four five six. Seven eight nine.'], 'requestId' => 'r']);

        self::assertSame('The AI service did not answer within 170 seconds.', $this->terminal()['error']);
    }
}
