<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Tests\Support\SiteTestCase;
use Netresearch\NrLlm\Provider\Exception\ProviderResponseException;
use RuntimeException;
use Throwable;

/**
 * The one envelope, proven on each of the four run paths alike (the agent run, the streamed answer, an
 * nr-llm task, an alt text): an answer is recorded with its correlation id; a failure, whatever its
 * path, is one `error` event with the reason the dialog words, logged with the path's name, never its
 * text; Stop ends it `cancelled`; a run stopped before its request arrived never asks the model; and in
 * every case the ledger entry is finished — nothing is left `running`.
 */
final class RunEnvelopeTest extends SiteTestCase
{
    /** @return array<string, array{0: string}> */
    public static function paths(): array
    {
        return ['agent run' => ['agent'], 'streamed answer' => ['chat'], 'nr-llm task' => ['task'], 'alt text' => ['altText']];
    }

    /** @dataProvider paths */
    public function testAnAnswerEndsDoneAndIsRecordedWithTheIdItIsRatedUnder(string $path): void
    {
        $this->runOn($path, 'answered');

        $done = $this->terminal();
        self::assertSame('done', $done['event']);
        self::assertNotSame('', $done['finalContent']);
        self::assertSame(1, $this->askedModel($path));
        $entry = $this->entry('answered');
        self::assertSame('finished', $entry['state']);
        // Alt text is not rated (nr-llm's vision call takes no correlation id); every other answer is.
        self::assertSame($done['correlationId'] ?? '', $entry['correlation_id']);
        self::assertSame($path !== 'altText', isset($done['correlationId']));
        // Whole, completed, and as many model rounds as it took: the scripted agent two (the tool round and
        // the answer), every other path one call.
        self::assertSame([$path === 'agent' ? 2 : 1, false, 'completed'], [$done['iterations'], $done['truncated'], $done['terminationReason']]);
        $steps = array_values(array_filter($this->output->events(), static fn(array $e): bool => $e['event'] === 'step'));
        // The steps the dialog shows as its activity: each model call and tool in its round.
        $expected = match ($path) {
            'agent' => [['request', 1], ['llm', 1], ['tool', 1], ['llm', 2]],
            'chat' => [],
            default => [['llm', 1]],
        };
        self::assertSame($expected, array_map(static fn(array $e): array => [$e['step']['kind'], $e['step']['round']], $steps));
    }

    /** @dataProvider paths */
    public function testAProviderFailureIsOneErrorEventWithItsReasonLoggedWithThePathNeverItsText(string $path): void
    {
        $this->failNext($path, new ProviderResponseException('secret: upstream 503 at https://model.internal/?key=sk-1', 503));

        $this->runOn($path, 'failing');

        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'The AI service did not answer. Try again in a moment.', 'reason' => 'unavailable'], $this->terminal());
        self::assertCount(1, $this->terminals(), 'exactly one terminal event');
        self::assertStringNotContainsString('secret', implode('', $this->output->lines));
        self::assertSame('finished', $this->entry('failing')['state']);
        self::assertNotSame([], $this->errorsLogged(), 'the failure is in the log');
    }

    /** @dataProvider paths */
    public function testAnythingUnforeseenIsTheGenericSentenceAndTheEntryIsFinished(string $path): void
    {
        $this->failNext($path, new RuntimeException('secret: the database password is hunter2'));

        $this->runOn($path, 'broken');

        self::assertSame(['event' => 'error', 'success' => false, 'error' => 'The task failed. The details are in the system log.', 'reason' => 'failed'], $this->terminal());
        self::assertStringNotContainsString('hunter2', implode('', $this->output->lines));
        self::assertSame('finished', $this->entry('broken')['state']);
        self::assertNotSame([], array_filter($this->errorsLogged(), static fn(array $r): bool => ($r['context']['exception'] ?? null) instanceof RuntimeException));
    }

    /** @dataProvider paths */
    public function testStopWhileItRunsEndsItCancelledAndFinished(string $path): void
    {
        // The cancel arrives "from another request" once the run's first line (the heartbeat) is out.
        $this->output->afterLine = function (array $event): void {
            if ($event['event'] === 'heartbeat') {
                $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'stopping'])), 200);
            }
        };

        $this->runOn($path, 'stopping');

        self::assertSame('cancelled', $this->terminal()['event']);
        self::assertCount(1, $this->terminals());
        self::assertSame('finished', $this->entry('stopping')['state']);
        self::assertSame([], $this->errorsLogged(), 'a Stop is no failure');
    }

    /** @dataProvider paths */
    public function testAStopThatArrivesWhileTheModelAnswersIsSeenAtOnceWhenTheCallReturns(string $path): void
    {
        // Within the same instant (the test's clock stands still): the run reads the ledger after the call,
        // not only a quarter of a second after its last read.
        $during = function (): void {
            $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'meanwhile'])), 200);
        };
        $this->site->runtime->during = $this->site->chat->during = $this->site->tasks->during = $this->site->images->during = $during;

        $this->runOn($path, 'meanwhile');

        self::assertSame('cancelled', $this->terminal()['event']);
        self::assertSame('finished', $this->entry('meanwhile')['state']);
    }

    /** @dataProvider paths */
    public function testARunStoppedBeforeItsRequestArrivedNeverAsksTheModel(string $path): void
    {
        $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'early'])), 200);

        $this->runOn($path, 'early');

        self::assertSame(['heartbeat', 'cancelled'], $this->output->names());
        self::assertSame(0, $this->askedModel($path));
    }

    /** @dataProvider paths */
    public function testTheDeadlineBoundsEveryProviderCall(string $path): void
    {
        $this->site = $this->makeSite(['runDeadline' => 45]);
        $seen = null;
        $during = static function () use (&$seen): void {
            $seen = $GLOBALS['TYPO3_CONF_VARS']['HTTP']['timeout'] ?? null;
        };
        $this->site->runtime->during = $this->site->chat->during = $this->site->tasks->during = $this->site->images->during = $during;

        $this->runOn($path, 'bounded');

        self::assertSame(45, $seen, 'the call waits at most the time the run has left');
        self::assertArrayNotHasKey('timeout', $GLOBALS['TYPO3_CONF_VARS']['HTTP'] ?? [], 'and the setting is put back after');
    }

    private function runOn(string $path, string $requestId): void
    {
        $body = match ($path) {
            'agent' => ['prompt' => 'Look up get_page_content.', 'tools' => ['get_page_content']],
            'chat' => ['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two. Three.']],
            'task' => ['prompt' => 'Teaser', 'task' => 11, 'context' => ['selection' => 'The harbour opened in 1871.']],
            'altText' => ['prompt' => 'Alt text', 'image' => ['fileReference' => 1]],
        };
        $this->runTask($body + ['requestId' => $requestId]);
    }

    /** The path's next model call throws `$failure`. */
    private function failNext(string $path, Throwable $failure): void
    {
        match ($path) {
            'agent' => $this->site->runtime->nextResult = static fn(): never => throw $failure,
            'chat' => $this->site->chat->nextFailure = $failure,
            'task' => $this->site->tasks->nextFailure = $failure,
            'altText' => $this->site->images->nextFailure = $failure,
        };
    }

    private function askedModel(string $path): int
    {
        return count(match ($path) {
            'agent' => $this->site->runtime->journal,
            'chat' => $this->site->chat->calls,
            'task' => $this->site->tasks->calls,
            'altText' => $this->site->images->described,
        });
    }

    /** @return array<string, mixed> */
    private function entry(string $requestId): array
    {
        $row = $this->site->database->getConnectionForTable('tx_askai_run')
            ->select(['state', 'correlation_id'], 'tx_askai_run', ['request_id' => $requestId])->fetchAssociative();
        self::assertIsArray($row, 'the run has its ledger entry');

        return $row;
    }

    /** @return list<array<string, mixed>> */
    private function terminals(): array
    {
        return array_values(array_filter($this->output->events(), static fn(array $e): bool => !in_array($e['event'], ['heartbeat', 'delta', 'step', 'started'], true)));
    }

    /** @return list<array<string, mixed>> */
    private function errorsLogged(): array
    {
        return array_values(array_filter($this->site->logger->records, static fn(array $r): bool => $r['level'] === 'error'));
    }
}
