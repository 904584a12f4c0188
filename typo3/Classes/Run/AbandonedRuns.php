<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Netresearch\NrLlm\Domain\Enum\ServiceAccountScope;
use Netresearch\NrLlm\Domain\ValueObject\AiActorContext;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Psr\Log\LoggerInterface;

/**
 * Runs whose worker died — a web node killed, a PHP process ended by its pool — never settle their entry
 * nor nr-llm's run. Once such an entry's `abandon_at` passed (its deadline and a moment, {@see
 * RunLedger::ABANDONED_AFTER}), the next admission on any node ends it: the entry is marked abandoned (it
 * no longer counts against a limit) and nr-llm's run, found by its uuid or by the worker that ran it, is
 * cancelled — so nothing stays `running`, in the ledger or in nr-llm.
 *
 * nr-llm's own reaper leaves interactive runs alone (they hold no lease): the extension cancels them as a
 * service account with nr-llm's cancel scope only, named so an administrator can tell who did.
 */
final class AbandonedRuns
{
    public const ACCOUNT = 'ask_ai_abandoned_runs';

    public function __construct(
        private readonly RunLedger $ledger,
        private readonly RunIdentityInterface $identity,
        private readonly AgentRuntimeInterface $runtime,
        private readonly LoggerInterface $logger,
    ) {
    }

    /** How many runs were ended. */
    public function end(int $now): int
    {
        $ended = 0;
        foreach ($this->ledger->abandonStale($now) as $run) {
            $ended++;
            $uuid = $run['runUuid'] ?? ($run['worker'] !== '' ? $this->identity->runningRun($run['owner'], $run['started'] - 1, $run['worker']) : null);
            $cancelled = $uuid !== null
                && $this->runtime->cancel(AiActorContext::serviceAccount(self::ACCOUNT, [ServiceAccountScope::AGENT_CANCEL]), $uuid);
            $this->logger->warning('Ask AI: a run whose worker stopped answering was ended', [
                'owner' => $run['owner'],
                'worker' => $run['worker'],
                'run' => $uuid,
                'cancelledInNrLlm' => $cancelled,
            ]);
        }

        return $ended;
    }
}
