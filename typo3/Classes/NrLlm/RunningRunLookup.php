<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Run\RunIdentityInterface;
use AskAiDialog\AskAi\Run\RunLedger;
use Throwable;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;

/**
 * The uuid of the agent run this PHP process executes, read from nr-llm's run table. nr-llm's `run()`
 * persists the run before its first step and claims it for the process that runs it — `claimed_by` is
 * `interactive:<host>:<pid>` (nr-llm's ExecutionIdentity, not `@api`; measured at nr-llm ba98ff40) — and
 * one PHP process executes one request at a time, so the running row of this user claimed by this
 * process is this run. Read at the first step boundary, where nr-llm has written it; and for a run whose
 * worker died, by the worker the ledger recorded for it.
 */
final class RunningRunLookup implements RunIdentityInterface
{
    private const TABLE = 'tx_nrllm_agentrun';

    public function __construct(private readonly ConnectionPool $pool)
    {
    }

    public function runningRun(int $owner, int $startedNotBefore, ?string $worker = null): ?string
    {
        $claim = substr('interactive:' . ($worker ?? RunLedger::worker()), 0, 64);
        try {
            $query = $this->pool->getQueryBuilderForTable(self::TABLE);
            $query->getRestrictions()->removeAll();
            $uuid = $query->select('uuid')->from(self::TABLE)->where(
                $query->expr()->eq('be_user', $query->createNamedParameter($owner, Connection::PARAM_INT)),
                $query->expr()->eq('status', $query->createNamedParameter('running')),
                $query->expr()->eq('claimed_by', $query->createNamedParameter($claim)),
                $query->expr()->gte('crdate', $query->createNamedParameter($startedNotBefore, Connection::PARAM_INT)),
            )->orderBy('uid', 'DESC')->setMaxResults(1)->executeQuery()->fetchOne();
        } catch (Throwable) {
            return null;
        }

        return is_string($uuid) && $uuid !== '' ? $uuid : null;
    }
}
