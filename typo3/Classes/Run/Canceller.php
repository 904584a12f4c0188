<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Http\CancelRequest;
use Netresearch\NrLlm\Domain\ValueObject\AiActorContext;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;

/**
 * Stop, from the cancel route (which may land on another web node than the run):
 *
 * - a running run is marked in the ledger, so its worker stops it at its next boundary (a step, a streamed
 *   chunk); an agent run whose uuid is known is cancelled in nr-llm right away too, so nr-llm stops it at
 *   its next step boundary whatever the worker does;
 * - a run whose request has not arrived yet is remembered: it never starts;
 * - a run that ended waiting (an approval or an input, nr-llm's inbox) is cancelled in nr-llm by its uuid.
 *
 * Only the editor who started a run can stop it: the ledger is keyed by user, and nr-llm's `cancel()`
 * checks that the actor may act on the run.
 */
final class Canceller
{
    public function __construct(private readonly RunLedger $ledger, private readonly AgentRuntimeInterface $runtime)
    {
    }

    /** Whether a run was there to stop (a run not yet seen answers false, and is remembered). */
    public function cancel(AiActorContext $actor, CancelRequest $request, int $now): bool
    {
        $known = $this->ledger->requestCancel($actor->backendUserUid, $request->requestId, $request->runUuid, $now);
        $uuid = $known['runUuid'];

        if ($known['state'] === 'running') {
            if ($uuid !== null) {
                $this->runtime->cancel($actor, $uuid);
            }

            return true;
        }

        return $known['state'] !== 'cancelled' && $uuid !== null && $this->runtime->cancel($actor, $uuid);
    }
}
