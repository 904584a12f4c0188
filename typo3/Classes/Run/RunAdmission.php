<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Configuration\ExtensionSettings;
use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Localization\Labels;
use Psr\Clock\ClockInterface;
use Symfony\Component\Clock\NativeClock;

/**
 * Whether a run may start now: one editor has at most `runsPerUser` runs going, the site at most
 * `runsPerSite` (every web node counts, through the database), and a request id stands for one run.
 * Past a limit the answer is 429 with `Retry-After`, before any PHP worker is held for a model: one
 * editor cannot starve the backend or the frontend that share a pool.
 *
 * Atomic on any database and any number of web nodes: a run takes a place of the editor's and one of the
 * site's, each a row the database refuses to insert twice ({@see RunLedger::takePlace()}), where reading
 * the running runs and then writing one would let two nodes both say yes.
 */
final class RunAdmission
{
    private readonly ClockInterface $clock;

    public function __construct(
        private readonly RunLedger $ledger,
        private readonly AbandonedRuns $abandoned,
        private readonly ExtensionSettings $settings,
        private readonly Labels $labels,
        ?ClockInterface $clock = null,
    ) {
        $this->clock = $clock ?? new NativeClock();
    }

    /** @throws Refusal 409 for a request id in use, 429 past a limit */
    public function admit(int $owner, ?string $requestId): RunTicket
    {
        $now = $this->now();
        // A client that sends no id still counts against the limits; it just cannot stop by id.
        $requestId ??= 'server-' . bin2hex(random_bytes(12));
        $deadline = $now + $this->settings->runDeadline();
        // Runs a dead worker left past their time end here (on any node), before the places are counted.
        $this->abandoned->end((int)$now);
        try {
            $entry = $this->ledger->open($owner, $requestId, (int)$now, (int)ceil($deadline));
        } catch (LedgerRefusal $refusal) {
            if ($refusal->reason === LedgerRefusal::CANCELLED) {
                return new RunTicket(0, $owner, $requestId, $now, $deadline, stoppedBeforeStart: true);
            }
            throw new Refusal(409, $this->labels->get('error.run.reused', 'This request id is already in use. Start the task again.'));
        }
        if (!$this->ledger->takePlace('user:' . $owner, $this->settings->runsPerUser(), $entry, (int)$now)) {
            $this->ledger->discard($entry);
            throw $this->tooMany('userLimit', $this->labels->get(
                'error.run.userLimit',
                'You already have %d AI tasks running. Wait for one to finish, then try again.',
                [$this->settings->runsPerUser()],
            ), $owner, $now);
        }
        if (!$this->ledger->takePlace('site', $this->settings->runsPerSite(), $entry, (int)$now)) {
            $this->ledger->discard($entry);
            throw $this->tooMany('siteLimit', $this->labels->get(
                'error.run.siteLimit',
                'The AI service is busy with other tasks on this site. Try again in a moment.',
            ), null, $now);
        }

        return new RunTicket($entry, $owner, $requestId, $now, $deadline);
    }

    private function tooMany(string $reason, string $message, ?int $owner, float $now): Refusal
    {
        // A run usually ends well before its deadline: ask again soon, never later than the first deadline.
        $wait = min(10, $this->ledger->secondsToFirstDeadline($owner, (int)$now));

        return new Refusal(429, $message, ['Retry-After' => (string)$wait], ['reason' => $reason]);
    }

    private function now(): float
    {
        return (float)$this->clock->now()->format('U.u');
    }
}
