<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use TYPO3\CMS\Core\Cache\Frontend\FrontendInterface;

/**
 * Which runs are under way, for Stop: the client's `requestId` → the run's state, its uuid once nr-llm
 * has told it, and whether a cancel was asked for. Kept in the `ask_ai_runs` cache, whose default
 * backend is the database, so a cancel that lands on another web node of a load-balanced site finds
 * the run.
 *
 * Every entry is keyed by the user who started the run and the request id together: another user's
 * cancel can never reach it, whatever id they send.
 */
final class RunLedger
{
    private const LIFETIME = 86_400;

    public function __construct(private readonly FrontendInterface $cache) {}

    /** False when this user already asked to cancel the request: the run must not start. */
    public function begin(int $owner, string $requestId): bool
    {
        $entry = $this->read($owner, $requestId);
        if ($entry['cancel']) {
            $this->write($owner, $requestId, ['state' => 'finished'] + $entry);

            return false;
        }
        $this->write($owner, $requestId, ['state' => 'running', 'runUuid' => null, 'cancel' => false]);

        return true;
    }

    /** Read at every step boundary of a running run: one cache read, as nr-llm's own probe does. */
    public function cancelRequested(int $owner, string $requestId): bool
    {
        return $this->read($owner, $requestId)['cancel'];
    }

    public function finish(int $owner, string $requestId, string $runUuid): void
    {
        $this->write($owner, $requestId, ['state' => 'finished', 'runUuid' => $runUuid !== '' ? $runUuid : null, 'cancel' => false]);
    }

    /**
     * Ask to cancel. A running run stops at its next step boundary; a run not yet seen is remembered
     * and does not start when its request arrives; a finished run is answered with its uuid, for
     * nr-llm's own cancel (a run that waits in the agent-run inbox).
     *
     * @return array{state: 'running'|'finished'|'unknown', runUuid: ?string}
     */
    public function requestCancel(int $owner, string $requestId): array
    {
        $entry = $this->read($owner, $requestId);
        if ($entry['state'] !== 'finished') {
            $this->write($owner, $requestId, ['cancel' => true] + $entry);
        }

        return ['state' => $entry['state'], 'runUuid' => $entry['runUuid']];
    }

    /** @return array{state: 'running'|'finished'|'unknown', runUuid: ?string, cancel: bool} */
    private function read(int $owner, string $requestId): array
    {
        $entry = $this->cache->get($this->key($owner, $requestId));
        $unknown = ['state' => 'unknown', 'runUuid' => null, 'cancel' => false];
        if (!is_array($entry)) {
            return $unknown;
        }

        return [
            'state' => in_array($entry['state'] ?? null, ['running', 'finished'], true) ? $entry['state'] : 'unknown',
            'runUuid' => is_string($entry['runUuid'] ?? null) ? $entry['runUuid'] : null,
            'cancel' => ($entry['cancel'] ?? false) === true,
        ];
    }

    /** @param array{state: string, runUuid: ?string, cancel: bool} $entry */
    private function write(int $owner, string $requestId, array $entry): void
    {
        $this->cache->set($this->key($owner, $requestId), $entry, [], self::LIFETIME);
    }

    private function key(int $owner, string $requestId): string
    {
        // TYPO3 cache identifiers allow [a-zA-Z0-9_%\-&] only; a hash also keeps ids of any length short.
        return 'run_' . hash('sha256', $owner . ':' . $requestId);
    }
}
