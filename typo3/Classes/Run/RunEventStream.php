<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Closure;
use Netresearch\NrLlm\Domain\ValueObject\RunStep;
use Netresearch\NrLlm\Service\Agent\AgentRunRequest;
use Netresearch\NrLlm\Service\Agent\AgentRuntimeInterface;
use Psr\Log\LoggerInterface;
use Throwable;

/**
 * One run as the sequence of events the dialog reads (CONTRACT.md §2): a `step` for each step nr-llm
 * records, the moment it is recorded, then exactly one terminal event. Transport-agnostic: every event
 * goes to `$emit`, so the sequence is tested without output buffering, and the controller's streamed
 * and unstreamed answers are thin shells around the same function.
 *
 * Stop: at every step boundary the ledger is read; when the editor asked to cancel, the observer throws
 * {@see StopRequested} and nr-llm ends the run there (the step in flight finishes first, as with
 * nr-llm's own cancel, ADR-103).
 */
final class RunEventStream
{
    public function __construct(
        private readonly AgentRuntimeInterface $runtime,
        private readonly RunLedger $ledger,
        private readonly LoggerInterface $logger,
    ) {}

    /** @param Closure(array<string, mixed>): void $emit */
    public function run(AgentRunRequest $request, ?string $requestId, Closure $emit): void
    {
        $owner = $request->actor->backendUserUid;
        if ($requestId !== null && !$this->ledger->begin($owner, $requestId)) {
            $emit(TerminalEvent::cancelled());

            return;
        }

        $stopped = false;
        $onStep = function (RunStep $step) use ($emit, $owner, $requestId, &$stopped): void {
            $emit(['event' => 'step', 'step' => StepView::of($step)]);
            if ($requestId !== null && $this->ledger->cancelRequested($owner, $requestId)) {
                $stopped = true;

                throw new StopRequested();
            }
        };

        $runUuid = '';
        try {
            $result = $this->runtime->run($request, $onStep);
            $runUuid = $result->runUuid;
        } catch (Throwable $exception) {
            // run() settles every run outcome itself; what escapes is the platform failing (the database,
            // the configuration). Logged, never sent: the editor gets the generic error.
            $this->logger->error('Ask AI: the agent run could not be executed', ['exception' => $exception]);
            $emit($stopped ? TerminalEvent::cancelled() : TerminalEvent::error());

            return;
        } finally {
            if ($requestId !== null) {
                $this->ledger->finish($owner, $requestId, $runUuid);
            }
        }

        if (!$stopped && TerminalEvent::isFailure($result)) {
            $this->logger->error('Ask AI: the agent run ended without an answer', [
                'outcome' => $result->outcome->value,
                'run' => $result->runUuid,
                'exception' => $result->error,
            ]);
        }
        $emit(TerminalEvent::of($result, $stopped));
    }
}
