<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Http\CancelRequest;
use AskAiDialog\AskAi\Http\RateLimit;
use AskAiDialog\AskAi\Http\Refusal;
use Netresearch\NrLlm\Domain\ValueObject\AiActorContext;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Psr\Clock\ClockInterface;
use Symfony\Component\Clock\NativeClock;

/**
 * Stop, from the cancel route (which may land on another web node than the run):
 *
 * - a running run is marked in the ledger, so its worker stops it at its next boundary (a step, a streamed
 *   chunk); an agent run whose uuid is known is cancelled in nr-llm right away too, so nr-llm stops it at
 *   its next step boundary whatever the worker does;
 * - a run whose request has not arrived yet is remembered (for a few minutes): it never starts, and the
 *   Stop is answered as done;
 * - a run that ended waiting (an approval or an input, nr-llm's inbox) is cancelled in nr-llm by its uuid.
 *
 * Only the editor who started a run can stop it: the ledger is keyed by user, and nr-llm's `cancel()`
 * checks that the actor may act on the run.
 */
final class Canceller
{
    private readonly ClockInterface $clock;

    /** Stops one editor may ask for a minute: a few are many (a run a click), more is a script. */
    public const PER_MINUTE = 60;

    public function __construct(
        private readonly RunLedger $ledger,
        private readonly AgentRuntimeInterface $runtime,
        private readonly RateLimit $rate,
        ?ClockInterface $clock = null,
    ) {
        $this->clock = $clock ?? new NativeClock();
    }

    /**
     * Whether the run is stopped, or will never start (a run not yet seen, remembered).
     *
     * @throws Refusal 429 past {@see PER_MINUTE}
     */
    public function cancel(AiActorContext $actor, CancelRequest $request): bool
    {
        $tooMany = ['error.cancel.tooMany', 'Too many stops in a short time. Try again in %d seconds.'];
        $this->rate->take('cancel', $actor->backendUserUid, self::PER_MINUTE, $tooMany);
        $now = (int)$this->clock->now()->format('U');
        $known = $this->ledger->requestCancel($actor->backendUserUid, $request->requestId, $request->runUuid, $now);
        $uuid = $known['runUuid'];
        if ($known['state'] === 'remembered') {
            return true;
        }

        if ($known['state'] === 'running') {
            if ($uuid !== null) {
                $this->runtime->cancel($actor, $uuid);
            }

            return true;
        }

        return $known['state'] !== 'cancelled' && $uuid !== null && $this->runtime->cancel($actor, $uuid);
    }
}
