<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Netresearch\NrLlm\Domain\ValueObject\AiActorContext;
use Netresearch\NrLlm\Service\Agent\AgentRunRequest;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Psr\Log\LoggerInterface;

/**
 * A run that offers the model tools, through nr-llm's agent runtime, as the events the dialog reads
 * (CONTRACT.md §2): `started` with the run's uuid once nr-llm has persisted it, a `step` for each step
 * nr-llm records, the moment it is recorded; the answer comes at the end: nr-llm's tool loop does not
 * stream the model.
 *
 * Stop, the deadline and a client gone: nr-llm calls the step observer first and then checks whether the
 * run was cancelled, records the step and ends the run `cancelled` (ADR-103). So the observer asks
 * nr-llm's own `cancel()` at the step boundary, and nr-llm keeps its record of every step that ran —
 * including this one, which may be a tool call with an effect — and files the run as cancelled, not
 * failed. The step in flight (a provider call) finishes first; its length is bounded by the deadline
 * ({@see ProviderTimeout}).
 */
final class AgentRunStream
{
    public function __construct(
        private readonly AgentRuntimeInterface $runtime,
        private readonly RunIdentityInterface $identity,
        private readonly StepViewInterface $steps,
        private readonly RunLedger $ledger,
        private readonly RunEvents $events,
        private readonly LoggerInterface $logger,
    ) {
    }

    public function path(AgentRunRequest $request): RunPath
    {
        return new RunPath('agent run', fn(RunScope $scope): RunEnd => $this->run($request, $scope));
    }

    private function run(AgentRunRequest $request, RunScope $scope): RunEnd
    {
        $ticket = $scope->ticket;
        $watch = $scope->watch;
        // nr-llm gives each model call the configuration's timeout, which wins over TYPO3's and over the
        // provider's own: a copy of the configuration (never the stored one) carries the time the run has
        // left, renewed at every step, so no call outlives the run's deadline.
        $bounded = clone $request->configuration;
        $bounded->setTimeout($watch->secondsLeft());
        $request = new AgentRunRequest(
            configuration: $bounded,
            messages: $request->messages,
            actor: $request->actor,
            allowedToolNames: $request->allowedToolNames,
            options: $request->options,
            maxIterations: $request->maxIterations,
            augmentation: $request->augmentation,
            captureRaw: $request->captureRaw,
        );
        $runUuid = null;
        $stopped = null;
        $onStep = function (object $step) use ($scope, $request, $ticket, $watch, $bounded, &$runUuid, &$stopped): void {
            $scope->step($this->steps->view($step));
            if ($runUuid === null) {
                $runUuid = $this->identity->runningRun($ticket->owner, (int)floor($ticket->startedAt) - 1);
                if ($runUuid !== null) {
                    $this->ledger->attachRunUuid($ticket->entry, $runUuid);
                    $scope->started($runUuid);
                }
            }
            if ($stopped === null) {
                $stopped = $watch->reason(force: true);
                if ($stopped !== null) {
                    $this->cancel($request->actor, $runUuid, $stopped);
                }
            }
            $scope->boundNextCall();
            $bounded->setTimeout($watch->secondsLeft());
        };

        $result = $this->runtime->run($request, $onStep);
        $runUuid = $result->runUuid !== '' ? $result->runUuid : $runUuid;
        if ($stopped !== null) {
            return RunEnd::stopped($stopped, $runUuid);
        }
        if (RunEvents::isFailure($result)) {
            $this->logger->error('Ask AI: the agent run ended without an answer', [
                'outcome' => $result->outcome->value,
                'run' => $result->runUuid,
                'exception' => $result->error,
            ]);
        }
        $deadlineSeconds = (int)round($ticket->deadlineAt - $ticket->startedAt);

        return RunEnd::with($this->events->ofAgentRun($result, null, $deadlineSeconds, $watch->pastDeadline()), $runUuid);
    }

    /**
     * nr-llm's own cancel, at this step boundary: right after this observer returns, nr-llm sees the run
     * cancelled, records the step and ends the run. (When the cancel route already cancelled it by its
     * uuid, nr-llm's `cancel()` answers false and the same happens.) Without the uuid — nr-llm could not
     * persist the run — there is nothing to record: the run is ended by an exception from the observer.
     */
    private function cancel(AiActorContext $actor, ?string $runUuid, string $why): void
    {
        if ($runUuid === null) {
            throw new RunStopped($why);
        }
        $this->runtime->cancel($actor, $runUuid);
    }
}
