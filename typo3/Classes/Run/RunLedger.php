<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Doctrine\DBAL\Exception\RetryableException;
use Doctrine\DBAL\Exception\UniqueConstraintViolationException;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;

/**
 * The dialog's runs, in the database table `tx_askai_run` (ext_tables.sql), so every web node of a site
 * sees the same ones and flushing TYPO3's caches loses none:
 *
 * - which run a client's request id stands for, whether its editor asked to stop it, and its uuid once
 *   nr-llm has one (Stop, on whichever node the cancel lands);
 * - the places an editor and the whole site have for running runs (the limits: {@see RunAdmission}): a row
 *   per place in `tx_askai_slot`, unique per scope and number, so two web nodes cannot both take the last;
 * - until when a run may go (its deadline), and that a run past it, left unsettled by a worker or a node
 *   that died, no longer counts once its `abandon_at` passed;
 * - the correlation id an answer was given under, so only the editor who got the answer may rate it,
 *   and only once and one change.
 *
 * Every entry is keyed by the user who started the run and the request id together: another user's
 * cancel or rating can never reach it, whatever id they send.
 */
class RunLedger
{
    public const TABLE = 'tx_askai_run';

    public const SLOTS = 'tx_askai_slot';

    /**
     * A running entry this long past its deadline was left by a worker that died: it stops counting. Every
     * provider call of a run is bounded by the time the run has left, so a live run ends within a moment of
     * its deadline; this is that moment, with room.
     */
    public const ABANDONED_AFTER = 10;

    /** Finished entries are kept this long (ratings come within a session), then removed. */
    public const KEEP_SECONDS = 7 * 86_400;

    /**
     * A Stop for a run not seen yet is remembered this long (its request is on its way, if it comes at all),
     * and at most {@see MAX_MARKERS} of them per editor.
     */
    public const MARKER_SECONDS = 300;

    public const MAX_MARKERS = 50;

    /**
     * How often a run's end is written before it is given up: a database may refuse a statement that met
     * another at the same rows and ask for it again (InnoDB's deadlock, a lock wait past its time).
     */
    public const END_ATTEMPTS = 3;

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
            'abandon_at' => $deadline + self::ABANDONED_AFTER,
            'worker' => self::worker(),
        ]);

        return (int)$this->connection()->lastInsertId();
    }

    /**
     * Takes one of `$places` places of `$scope` (`user:<uid>`, `site`) for the entry, atomically on any
     * database: each place is a row whose insert the database refuses while another run holds it. Places
     * of runs that ended, or whose `abandon_at` passed, are freed first where none is free.
     */
    public function takePlace(string $scope, int $places, int $entry, int $now): bool
    {
        $expires = $this->abandonAt($entry);
        for ($round = 0; $round < 2; $round++) {
            for ($place = 0; $place < $places; $place++) {
                try {
                    $this->slots()->insert(self::SLOTS, ['scope' => $scope, 'slot' => $place, 'entry' => $entry, 'expires' => $expires]);

                    return true;
                } catch (UniqueConstraintViolationException) {
                    // Held: the next one.
                }
            }
            if ($round === 0 && !$this->freePlaces($scope, $now)) {
                break;
            }
        }

        return false;
    }

    /** Lets go of the entry's places. */
    public function leavePlaces(int $entry): void
    {
        $this->slots()->delete(self::SLOTS, ['entry' => $entry]);
    }

    /**
     * Frees the places of runs that ended or whose `abandon_at` passed; whether any was freed. One statement
     * that reads each place's run as it deletes: an entry's row is written (running) before it takes a
     * place, so a place taken at this moment is never freed by a list of running runs read a moment ago.
     */
    private function freePlaces(string $scope, int $now): bool
    {
        $query = $this->slots()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $running = $this->connection()->createQueryBuilder();
        $running->getRestrictions()->removeAll();
        $running->selectLiteral('1')->from(self::TABLE, 'r')->where(
            $running->expr()->eq('r.uid', $query->quoteIdentifier(self::SLOTS . '.entry')),
            $running->expr()->eq('r.state', $query->createNamedParameter('running')),
        );
        $query->delete(self::SLOTS)->where(
            $query->expr()->eq('scope', $query->createNamedParameter($scope)),
            $query->expr()->or(
                $query->expr()->lt('expires', $query->createNamedParameter($now, Connection::PARAM_INT)),
                'NOT EXISTS (' . $running->getSQL() . ')',
            ),
        );

        return $query->executeStatement() > 0;
    }

    /**
     * Marks running entries whose `abandon_at` passed as abandoned (a worker or a node died with them) and
     * returns those this call marked — each once, whichever node asks first — with what names nr-llm's run:
     * its uuid where the run had reached a step, else the worker that ran it and when it started.
     *
     * @return list<array{owner: int, runUuid: ?string, worker: string, started: int}>
     */
    public function abandonStale(int $now): array
    {
        // A plain read first (no lock): on most requests there is nothing to abandon.
        $stale = $this->connection()->createQueryBuilder();
        $stale->getRestrictions()->removeAll();
        $rows = $stale->select('uid', 'be_user', 'run_uuid', 'worker', 'started')->from(self::TABLE)->where(
            $stale->expr()->eq('state', $stale->createNamedParameter('running')),
            $stale->expr()->lt('abandon_at', $stale->createNamedParameter($now, Connection::PARAM_INT)),
        )->setMaxResults(50)->executeQuery()->fetchAllAssociative();
        $abandoned = [];
        foreach ($rows as $row) {
            $marked = $this->connection()->update(
                self::TABLE,
                ['state' => 'abandoned', 'finished' => $now],
                ['uid' => (int)$row['uid'], 'state' => 'running'],
            );
            if ($marked === 1) {
                $this->leavePlaces((int)$row['uid']);
                $abandoned[] = [
                    'owner' => (int)$row['be_user'],
                    'runUuid' => (string)$row['run_uuid'] !== '' ? (string)$row['run_uuid'] : null,
                    'worker' => (string)$row['worker'],
                    'started' => (int)$row['started'],
                ];
            }
        }

        return $abandoned;
    }

    /** This PHP process, as an entry records who runs it: `<host>:<pid>` (one request at a time). */
    public static function worker(): string
    {
        $host = gethostname();

        return substr(($host !== false ? $host : 'unknown') . ':' . getmypid(), 0, 64);
    }

    private function abandonAt(int $entry): int
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $value = $query->select('abandon_at')->from(self::TABLE)
            ->where($query->expr()->eq('uid', $query->createNamedParameter($entry, Connection::PARAM_INT)))
            ->executeQuery()->fetchOne();

        return (int)$value;
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

    /** Removes an entry that never ran (refused by a limit), and any place it took. */
    public function discard(int $uid): void
    {
        $this->leavePlaces($uid);
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
        for ($attempt = 1; $attempt <= self::END_ATTEMPTS; $attempt++) {
            try {
                $this->connection()->update(self::TABLE, $values, ['uid' => $uid]);
                $this->leavePlaces($uid);
                break;
            } catch (RetryableException $exception) {
                if ($attempt === self::END_ATTEMPTS) {
                    throw $exception;
                }
            }
        }
        try {
            $this->forgetOld($now);
        } catch (RetryableException) {
            // Housekeeping, not the run's end: where it met another statement, the next run's end does it.
        }
    }

    /**
     * Asks to stop the run this user started under the request id (or with this uuid). A run not yet
     * seen is remembered as cancelled (`remembered`), so its request, arriving late, never starts it — for
     * {@see MARKER_SECONDS}, and at most {@see MAX_MARKERS} such markers per editor (`full` past that):
     * made-up ids cannot grow the table.
     *
     * @return array{state: string, runUuid: ?string}
     */
    public function requestCancel(int $owner, ?string $requestId, ?string $runUuid, int $now): array
    {
        $entry = $requestId !== null ? $this->find($owner, $requestId) : null;
        $entry ??= $runUuid !== null ? $this->findByRun($owner, $runUuid) : null;
        if ($entry === null) {
            if ($requestId === null) {
                return ['state' => 'unknown', 'runUuid' => $runUuid];
            }
            $this->forgetMarkers($now);
            if ($this->connection()->count('uid', self::TABLE, ['be_user' => $owner, 'state' => 'cancelled']) >= self::MAX_MARKERS) {
                return ['state' => 'full', 'runUuid' => $runUuid];
            }
            $this->connection()->insert(self::TABLE, [
                'be_user' => $owner,
                'request_id' => $requestId,
                'state' => 'cancelled',
                'cancel_requested' => 1,
                'started' => $now,
                'deadline' => $now + self::MARKER_SECONDS,
                'finished' => $now,
            ]);

            return ['state' => 'remembered', 'runUuid' => $runUuid];
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

    /**
     * Rates the answer, only if its rating is still `$from` after `$fromChanges` changes and no other rating
     * of it is being written: one statement, so of ratings posted at the same moment (on any node) exactly
     * one wins. Whether this one did; the winner writes nr-llm's outcome, then {@see settleRating()}.
     */
    public function rate(int $uid, string $from, int $fromChanges, string $to, int $toChanges): bool
    {
        return $this->connection()->update(
            self::TABLE,
            ['rating' => $to, 'rating_changes' => $toChanges, 'rating_pending' => 1],
            ['uid' => $uid, 'rating' => $from, 'rating_changes' => $fromChanges, 'rating_pending' => 0],
        ) === 1;
    }

    /**
     * The rating is written (nr-llm's outcome table holds it): the answer may be rated again. Where it could
     * not be written, the rating before it is put back.
     */
    public function settleRating(int $uid, ?string $undoTo = null, int $undoChanges = 0): void
    {
        $values = ['rating_pending' => 0] + ($undoTo !== null ? ['rating' => $undoTo, 'rating_changes' => $undoChanges] : []);
        $this->connection()->update(self::TABLE, $values, ['uid' => $uid, 'rating_pending' => 1]);
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

    /** Stops for runs that never came, once their time is up. */
    private function forgetMarkers(int $now): void
    {
        $query = $this->connection()->createQueryBuilder();
        $query->getRestrictions()->removeAll();
        $query->delete(self::TABLE)->where(
            $query->expr()->eq('state', $query->createNamedParameter('cancelled')),
            $query->expr()->lt('deadline', $query->createNamedParameter($now, Connection::PARAM_INT)),
        )->executeStatement();
    }

    private function forgetOld(int $now): void
    {
        $this->forgetMarkers($now);
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

    private function slots(): Connection
    {
        return $this->pool->getConnectionForTable(self::SLOTS);
    }
}
