<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;

/**
 * The dialog's runs, in the database table `tx_askai_run` (ext_tables.sql), so every web node of a site
 * sees the same ones and flushing TYPO3's caches loses none:
 *
 * - which run a client's request id stands for, whether its editor asked to stop it, and its uuid once
 *   nr-llm has one (Stop, on whichever node the cancel lands);
 * - how many runs an editor and the whole site have going (the limits: {@see RunAdmission});
 * - until when a run may go (its deadline), and that a run past it, left unsettled by a worker that
 *   died, no longer counts;
 * - the correlation id an answer was given under, so only the editor who got the answer may rate it,
 *   and only once and one change.
 *
 * Every entry is keyed by the user who started the run and the request id together: another user's
 * cancel or rating can never reach it, whatever id they send.
 */
class RunLedger
{
    public const TABLE = 'tx_askai_run';

    /** A running entry this long past its deadline was left by a worker that died: it stops counting. */
    public const ABANDONED_AFTER = 60;

    /** Finished entries are kept this long (ratings come within a session), then removed. */
    public const KEEP_SECONDS = 7 * 86_400;

    public function __construct(private readonly ConnectionPool $pool)
    {
    }

    /**
     * Opens a run. Refused when this user already has a run under the request id (running, finished or
     * cancelled before it started) — the last case answers `cancelled`, the others `reused`.
     *
     * @throws LedgerRefusal
     */
    public function open(int $owner, string $requestId, int $now, int $deadline): int
    {
        $existing = $this->find($owner, $requestId);
        if ($existing !== null) {
            throw new LedgerRefusal($existing['state'] === 'cancelled' ? LedgerRefusal::CANCELLED : LedgerRefusal::REUSED);
        }
        $this->connection()->insert(self::TABLE, [
            'be_user' => $owner,
            'request_id' => $requestId,
            'state' => 'running',
            'started' => $now,
            'deadline' => $deadline,
        ]);

        return (int)$this->connection()->lastInsertId();
    }

    /**
     * Running entries at or before `$uid` (so two requests opening at once count each other in the same
     * order), for one user or the whole site; entries past their deadline by {@see ABANDONED_AFTER} are
     * marked abandoned first.
     */
    public function runningUpTo(int $uid, ?int $owner, int $now): int
    {
        $connection = $this->connection();
        $abandon = $connection->createQueryBuilder();
        $abandon->getRestrictions()->removeAll();
        $abandon->update(self::TABLE)->set('state', 'abandoned')->set('finished', $now)->where(
            $abandon->expr()->eq('state', $abandon->createNamedParameter('running')),
            $abandon->expr()->lt('deadline', $abandon->createNamedParameter($now - self::ABANDONED_AFTER, Connection::PARAM_INT)),
        )->executeStatement();
        $query = $connection->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $query->count('uid')->from(self::TABLE)->where(
            $query->expr()->eq('state', $query->createNamedParameter('running')),
            $query->expr()->lte('uid', $query->createNamedParameter($uid, Connection::PARAM_INT)),
        );
        if ($owner !== null) {
            $query->andWhere($query->expr()->eq('be_user', $query->createNamedParameter($owner, Connection::PARAM_INT)));
        }

        return (int)$query->executeQuery()->fetchOne();
    }

    /** Seconds until the first of these running runs reaches its deadline (at least 1). */
    public function secondsToFirstDeadline(?int $owner, int $now): int
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $query->selectLiteral('MIN(deadline)')->from(self::TABLE)->where(
            $query->expr()->eq('state', $query->createNamedParameter('running')),
            $query->expr()->gte('deadline', $query->createNamedParameter($now, Connection::PARAM_INT)),
        );
        if ($owner !== null) {
            $query->andWhere($query->expr()->eq('be_user', $query->createNamedParameter($owner, Connection::PARAM_INT)));
        }
        $first = $query->executeQuery()->fetchOne();

        return max(1, is_numeric($first) ? (int)$first - $now : 1);
    }

    /** Removes an entry that never ran (refused by a limit). */
    public function discard(int $uid): void
    {
        $this->connection()->delete(self::TABLE, ['uid' => $uid]);
    }

    public function attachRunUuid(int $uid, string $runUuid): void
    {
        $this->connection()->update(self::TABLE, ['run_uuid' => $runUuid], ['uid' => $uid]);
    }

    /** Read at every step boundary and every few chunks: one indexed row read. */
    public function cancelRequested(int $uid): bool
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $value = $query->select('cancel_requested')->from(self::TABLE)
            ->where($query->expr()->eq('uid', $query->createNamedParameter($uid, Connection::PARAM_INT)))
            ->executeQuery()->fetchOne();

        return (int)$value === 1;
    }

    /** The run ended: its correlation id (the answer's, for ratings) and uuid where it has them. */
    public function finish(int $uid, ?string $correlationId, ?string $runUuid, int $now): void
    {
        $values = ['state' => 'finished', 'finished' => $now];
        if ($correlationId !== null && $correlationId !== '') {
            $values['correlation_id'] = $correlationId;
        }
        if ($runUuid !== null && $runUuid !== '') {
            $values['run_uuid'] = $runUuid;
        }
        $this->connection()->update(self::TABLE, $values, ['uid' => $uid]);
        $this->forgetOld($now);
    }

    /**
     * Asks to stop the run this user started under the request id (or with this uuid). A run not yet
     * seen is remembered as cancelled, so its request, arriving late, never starts it.
     *
     * @return array{state: string, runUuid: ?string}
     */
    public function requestCancel(int $owner, ?string $requestId, ?string $runUuid, int $now): array
    {
        $entry = $requestId !== null ? $this->find($owner, $requestId) : null;
        $entry ??= $runUuid !== null ? $this->findByRun($owner, $runUuid) : null;
        if ($entry === null) {
            if ($requestId !== null) {
                $this->connection()->insert(self::TABLE, [
                    'be_user' => $owner,
                    'request_id' => $requestId,
                    'state' => 'cancelled',
                    'cancel_requested' => 1,
                    'started' => $now,
                    'finished' => $now,
                ]);
            }

            return ['state' => 'unknown', 'runUuid' => $runUuid];
        }
        if ($entry['state'] === 'running') {
            $this->connection()->update(self::TABLE, ['cancel_requested' => 1], ['uid' => $entry['uid']]);
        }

        return ['state' => $entry['state'], 'runUuid' => $entry['run_uuid'] !== '' ? $entry['run_uuid'] : $runUuid];
    }

    /** @return array{uid: int, rating: string, rating_changes: int}|null the entry of this user's answer */
    public function answer(int $owner, string $correlationId): ?array
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $row = $query->select('uid', 'rating', 'rating_changes')->from(self::TABLE)->where(
            $query->expr()->eq('correlation_id', $query->createNamedParameter($correlationId)),
            $query->expr()->eq('be_user', $query->createNamedParameter($owner, Connection::PARAM_INT)),
        )->setMaxResults(1)->executeQuery()->fetchAssociative();

        return is_array($row) ? ['uid' => (int)$row['uid'], 'rating' => (string)$row['rating'], 'rating_changes' => (int)$row['rating_changes']] : null;
    }

    public function rate(int $uid, string $rating, int $changes): void
    {
        $this->connection()->update(self::TABLE, ['rating' => $rating, 'rating_changes' => $changes], ['uid' => $uid]);
    }

    /** @return array{uid: int, state: string, run_uuid: string}|null */
    private function find(int $owner, string $requestId): ?array
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $row = $query->select('uid', 'state', 'run_uuid')->from(self::TABLE)->where(
            $query->expr()->eq('be_user', $query->createNamedParameter($owner, Connection::PARAM_INT)),
            $query->expr()->eq('request_id', $query->createNamedParameter($requestId)),
        )->orderBy('uid', 'DESC')->setMaxResults(1)->executeQuery()->fetchAssociative();

        return is_array($row) ? ['uid' => (int)$row['uid'], 'state' => (string)$row['state'], 'run_uuid' => (string)$row['run_uuid']] : null;
    }

    /** @return array{uid: int, state: string, run_uuid: string}|null */
    private function findByRun(int $owner, string $runUuid): ?array
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $row = $query->select('uid', 'state', 'run_uuid')->from(self::TABLE)->where(
            $query->expr()->eq('be_user', $query->createNamedParameter($owner, Connection::PARAM_INT)),
            $query->expr()->eq('run_uuid', $query->createNamedParameter($runUuid)),
        )->setMaxResults(1)->executeQuery()->fetchAssociative();

        return is_array($row) ? ['uid' => (int)$row['uid'], 'state' => (string)$row['state'], 'run_uuid' => (string)$row['run_uuid']] : null;
    }

    private function forgetOld(int $now): void
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $query->delete(self::TABLE)->where(
            $query->expr()->neq('state', $query->createNamedParameter('running')),
            $query->expr()->lt('finished', $query->createNamedParameter($now - self::KEEP_SECONDS, Connection::PARAM_INT)),
        )->executeStatement();
    }

    private function connection(): Connection
    {
        return $this->pool->getConnectionForTable(self::TABLE);
    }
}
