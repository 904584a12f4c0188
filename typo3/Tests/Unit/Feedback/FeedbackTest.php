<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Feedback;

use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tests\Support\SiteTestCase;

/** "Helpful" / "Not helpful": only on an answer this editor got, once and one change, a few a minute. */
final class FeedbackTest extends SiteTestCase
{
    public function testTheEditorRatesTheirOwnAnswerOnceAndMayChangeItOnce(): void
    {
        $id = $this->answer();

        self::assertSame(['success' => true, 'outcome' => 'helpful'], $this->rate($id, 'helpful', 200));
        self::assertSame(['success' => true, 'outcome' => 'helpful'], $this->rate($id, 'helpful', 200), 'the same verdict again changes nothing');
        $this->rate($id, 'not_helpful', 200);
        $this->assertError(409, 'rated already', $this->site->controller->outcomeAction($this->post(['correlationId' => $id, 'outcome' => 'helpful'])));

        self::assertSame([['correlationId' => $id, 'outcome' => 'helpful'], ['correlationId' => $id, 'outcome' => 'not_helpful']], $this->site->outcomes->recorded);
    }

    public function testARatingThatLostTheRaceToAnotherIsRefusedAndNeverReachesNrLlm(): void
    {
        $id = $this->answer();
        // Another request (another node) rates the answer between this one's read and its write: the
        // conditional write finds the rating changed, and this one takes nothing.
        $ledger = $this->site->container->get(RunLedger::class);
        assert($ledger instanceof RunLedger);
        $entry = $ledger->answer(2, $id);
        self::assertNotNull($entry);
        self::assertTrue($ledger->rate($entry['uid'], '', 0, 'helpful', 0));
        self::assertFalse($ledger->rate($entry['uid'], '', 0, 'not_helpful', 0), 'the stale read loses');
        self::assertSame('helpful', $ledger->answer(2, $id)['rating'] ?? null);
    }

    public function testWhileOneVerdictIsWrittenToNrLlmNoOtherIsTakenSoNrLlmHoldsOne(): void
    {
        $id = $this->answer();
        // A change posted (on another node) while the first verdict is being written to nr-llm's outcome
        // table: nr-llm's write is a delete and an insert, so two at once would leave two verdicts.
        $meanwhile = null;
        $this->site->outcomes->during = function () use ($id, &$meanwhile): void {
            $meanwhile = $this->site->controller->outcomeAction($this->post(['correlationId' => $id, 'outcome' => 'not_helpful']));
        };
        $this->rate($id, 'helpful', 200);

        self::assertNotNull($meanwhile);
        $this->assertError(409, 'rated already', $meanwhile);
        self::assertSame([['correlationId' => $id, 'outcome' => 'helpful']], $this->site->outcomes->recorded);
        $this->rate($id, 'not_helpful', 200);
        self::assertSame('not_helpful', end($this->site->outcomes->recorded)['outcome'] ?? null, 'written, the verdict may change once');
    }

    public function testAVerdictNrLlmCouldNotStoreLeavesTheAnswerAsItWas(): void
    {
        $id = $this->answer();
        $this->site->outcomes->during = static function (): void {
            throw new \RuntimeException('the database went away');
        };
        self::assertSame(500, $this->site->controller->outcomeAction($this->post(['correlationId' => $id, 'outcome' => 'helpful']))->getStatusCode());

        $this->rate($id, 'not_helpful', 200);
        $this->rate($id, 'helpful', 200);
        self::assertSame(['not_helpful', 'helpful'], array_column($this->site->outcomes->recorded, 'outcome'), 'a rating and its one change, as if the failed one had not been');
    }

    public function testAnotherEditorsAnswerAndAMadeUpIdAre404AndNothingIsStored(): void
    {
        $id = $this->answer();
        SimulatedSite::logIn('other-editor');

        $this->assertError(404, 'cannot be rated here', $this->site->controller->outcomeAction($this->post(['correlationId' => $id, 'outcome' => 'not_helpful'])));
        $this->assertError(404, 'cannot be rated here', $this->site->controller->outcomeAction($this->post(['correlationId' => 'f00dfeed-0000-4000-8000-000000000000', 'outcome' => 'helpful'])));
        self::assertSame([], $this->site->outcomes->recorded);
    }

    public function testOnlyTheEditorsVerdictsAndAnIdThatIsAnIdAreRead(): void
    {
        $this->assertError(400, 'helpful', $this->site->controller->outcomeAction($this->post(['correlationId' => 'run-1', 'outcome' => 'accepted_unchanged'])));
        $this->assertError(400, 'helpful', $this->site->controller->outcomeAction($this->post(['correlationId' => 'run-1', 'outcome' => 'great'])));
        $this->assertError(400, 'call reference', $this->site->controller->outcomeAction($this->post(['outcome' => 'helpful'])));
        $this->assertError(400, 'call reference', $this->site->controller->outcomeAction($this->post(['correlationId' => "x'; DROP TABLE x;--<script>", 'outcome' => 'helpful'])));
        self::assertSame([], $this->site->outcomes->recorded);
    }

    public function testPastTheRateARatingIs429WithRetryAfter(): void
    {
        $this->site = $this->makeSite(['feedbackPerMinute' => 3]);
        for ($i = 0; $i < 3; $i++) {
            $this->site->controller->outcomeAction($this->post(['correlationId' => 'made-up-' . $i, 'outcome' => 'helpful']));
        }

        $response = $this->site->controller->outcomeAction($this->post(['correlationId' => 'made-up-4', 'outcome' => 'helpful']));
        $this->assertError(429, 'Too many ratings', $response);
        self::assertGreaterThanOrEqual(1, (int)$response->getHeaderLine('Retry-After'));
    }

    public function testAnAgentRunsAnswerIsRatedUnderItsRunsUuid(): void
    {
        $this->runTask(['prompt' => 'x get_page_content', 'tools' => ['get_page_content'], 'requestId' => 'agent']);
        $done = $this->terminal();

        self::assertSame($done['runUuid'], $done['correlationId']);
        $this->rate($done['correlationId'], 'helpful', 200);
    }

    private function answer(): string
    {
        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two. Three.'], 'requestId' => 'rated-' . random_int(1, 1_000_000)]);

        return $this->terminal()['correlationId'];
    }

    /** @return array<string, mixed> */
    private function rate(string $id, string $rating, int $status): array
    {
        return $this->json($this->site->controller->outcomeAction($this->post(['correlationId' => $id, 'outcome' => $rating])), $status);
    }
}
