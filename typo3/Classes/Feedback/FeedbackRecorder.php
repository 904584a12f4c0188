<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Feedback;

use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Http\OutcomeRequest;
use AskAiDialog\AskAi\Http\RateLimit;
use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\RunLedger;
use Throwable;

/**
 * An editor's verdict on an answer, into nr-llm's outcome table — only for an answer this editor was
 * given (the ledger holds the correlation id of every answer the dialog sent, with its editor), once,
 * and changed at most once; a few dozen a minute at most. Anything else is refused and nothing is
 * stored: another editor's verdict cannot be flipped, ids cannot be made up.
 */
final class FeedbackRecorder
{
    public function __construct(
        private readonly RunLedger $ledger,
        private readonly CallRatingsInterface $ratings,
        private readonly ExtensionSettings $settings,
        private readonly RateLimit $rate,
        private readonly Labels $labels,
    ) {
    }

    /** @throws Refusal 429 past the rate, 404 not this editor's answer, 409 changed once already */
    public function record(int $owner, OutcomeRequest $request): void
    {
        $tooMany = ['error.outcome.tooMany', 'Too many ratings in a short time. Try again in %d seconds.'];
        $this->rate->take('outcome', $owner, $this->settings->feedbackPerMinute(), $tooMany);
        $answer = $this->ledger->answer($owner, $request->correlationId);
        if ($answer === null) {
            throw new Refusal(404, $this->labels->get('error.outcome.unknown', 'This answer cannot be rated here.'));
        }
        if ($answer['rating'] === $request->rating) {
            return;
        }
        $changes = $answer['rating'] === '' ? 0 : $answer['rating_changes'] + 1;
        // Taken in one statement, only from the rating read above and while no other is being written: of
        // ratings posted at the same moment (on any node) one wins, and only the winner writes nr-llm's
        // outcome table — which keeps one verdict per answer only when its writes do not overlap.
        if ($changes > 1 || !$this->ledger->rate($answer['uid'], $answer['rating'], $answer['rating_changes'], $request->rating, $changes)) {
            throw new Refusal(409, $this->labels->get('error.outcome.changed', 'This answer was rated already.'));
        }
        try {
            $this->ratings->record($request->correlationId, $request->rating);
        } catch (Throwable $failed) {
            $this->ledger->settleRating($answer['uid'], $answer['rating'], $answer['rating_changes']);
            throw $failed;
        }
        $this->ledger->settleRating($answer['uid']);
    }
}
