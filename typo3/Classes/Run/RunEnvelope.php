<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Http\NdjsonOutput;
use AskAiDialog\AskAi\Http\Refusal;
use Closure;
use Psr\Clock\ClockInterface;
use Psr\Log\LoggerInterface;
use Symfony\Component\Clock\NativeClock;
use Throwable;

/**
 * The one envelope every run path goes through: admitted (the limits, a request id standing for one
 * run), recorded (the ledger), watched (Stop from any node, the deadline, a client gone), relayed (the
 * path's steps and pieces as they come) and ended once — the ledger entry finished and exactly one
 * terminal event sent, whatever the path did or threw. What fails is logged, never sent: the editor
 * gets the sentence for its reason.
 */
final class RunEnvelope
{
    private readonly ClockInterface $clock;

    public function __construct(
        private readonly RunAdmission $admission,
        private readonly RunLedger $ledger,
        private readonly RunEvents $events,
        private readonly LoggerInterface $logger,
        ?ClockInterface $clock = null,
    ) {
        $this->clock = $clock ?? new NativeClock();
    }

    /**
     * Admits the run now (a refusal is an HTTP error, before anything is sent) and returns it, to be run
     * with the place its events go (a streamed answer's output, or a collector for one JSON body).
     *
     * @throws Refusal 409 for a request id in use, 429 past a limit
     *
     * @return Closure(Closure(array<string, mixed>): void, ?NdjsonOutput): void
     */
    public function admit(int $owner, ?string $requestId, RunPath $path): Closure
    {
        $ticket = $this->admission->admit($owner, $requestId);

        return function (Closure $emit, ?NdjsonOutput $output) use ($ticket, $path): void {
            if ($ticket->stoppedBeforeStart) {
                // The editor stopped it before its request arrived: nothing runs, nothing to record.
                $emit($this->events->cancelled());

                return;
            }
            $emit($this->end($ticket, $path, $this->run($ticket, $path, $emit, $output)));
        };
    }

    /** @param Closure(array<string, mixed>): void $emit */
    private function run(RunTicket $ticket, RunPath $path, Closure $emit, ?NdjsonOutput $output): RunEnd
    {
        $watch = new RunWatch($ticket, $this->ledger, $this->clock, $output);
        $timeout = new ProviderTimeout();
        $scope = new RunScope($ticket, $watch, $timeout, $emit);
        try {
            $scope->boundNextCall();

            return ($path->run)($scope);
        } catch (Throwable $exception) {
            $failure = Failure::of($exception, $watch->pastDeadline());
            $this->logger->error('Ask AI: the run failed (' . $path->name . ')', ['exception' => $exception, 'reason' => $failure->reason]);

            return RunEnd::failed($failure);
        } finally {
            $timeout->restore();
        }
    }

    /**
     * Records the end in the ledger (once) and makes its one terminal event.
     *
     * @return array<string, mixed>
     */
    private function end(RunTicket $ticket, RunPath $path, RunEnd $end): array
    {
        try {
            $this->ledger->finish($ticket->entry, $end->correlationId(), $end->runUuid, (int)$this->clock->now()->format('U'));
        } catch (Throwable $exception) {
            // The ledger itself failed: its entry ages out at its deadline. The run ended as it did, but an
            // answer cannot be rated (ratings are checked against the ledger): its correlation id stays here.
            $this->logger->error('Ask AI: the run could not be recorded (' . $path->name . ')', ['exception' => $exception]);
            if ($end->correlationId() !== null) {
                $event = $end->event ?? [];
                unset($event['correlationId']);
                $end = RunEnd::with($event, $end->runUuid);
            }
        }
        $deadlineSeconds = (int)round($ticket->deadlineAt - $ticket->startedAt);
        if ($end->stoppedBy === Failure::DEADLINE) {
            return $this->events->failure(new Failure(Failure::DEADLINE), $deadlineSeconds);
        }
        if ($end->stoppedBy !== null) {
            return $this->events->cancelled();
        }
        if ($end->failure !== null) {
            return $this->events->failure($end->failure, $deadlineSeconds);
        }

        return $end->event ?? $this->events->failure(new Failure(Failure::FAILED));
    }
}
