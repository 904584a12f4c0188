<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Closure;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;
use Psr\Log\LoggerInterface;
use Symfony\Component\Uid\Uuid;
use Throwable;

/**
 * A run that offers the model no tools (the editing and writing tasks, a refinement), through nr-llm's
 * streaming chat: each piece of the answer leaves as a `delta` event the moment nr-llm yields it, then
 * `done` with the whole answer, the usage and the correlation id the call was traced under (so the
 * editor's rating reaches nr-llm's outcome table under nr-llm's own trace).
 *
 * Stop, the deadline and a client gone are checked between pieces: the loop leaves the stream, which
 * closes nr-llm's generator (nr-llm settles the call's budget and telemetry in its own `finally`).
 * nr-llm does not report a streamed call's tokens; the usage is estimated as nr-llm's telemetry does
 * (4 characters a token).
 */
final class ChatRunStream
{
    private const CHARS_PER_TOKEN = 4;

    public function __construct(
        private readonly ChatStreamInterface $chat,
        private readonly RunLedger $ledger,
        private readonly RunEvents $events,
        private readonly LoggerInterface $logger,
    ) {
    }

    /**
     * @param list<ChatMessage> $messages
     * @param Closure(array<string, mixed>): void $emit
     */
    public function run(array $messages, LlmConfiguration $configuration, RunTicket $ticket, RunWatch $watch, ProviderTimeout $timeout, Closure $emit): void
    {
        $correlationId = Uuid::v4()->toRfc4122();
        $cap = new AnswerCap();
        $answer = '';
        $stopped = null;
        $timeout->limit($watch->secondsLeft());
        try {
            foreach ($this->chat->stream($messages, $configuration, $ticket->owner, $correlationId, $watch->secondsLeft()) as $chunk) {
                $kept = $cap->take((string)$chunk);
                foreach (AnswerCap::pieces($kept) as $piece) {
                    $answer .= $piece;
                    $emit(RunEvents::delta($piece));
                    $watch->sent();
                }
                $stopped = $watch->reason();
                if ($stopped !== null || $cap->wasCut()) {
                    break;
                }
            }
        } catch (Throwable $exception) {
            $failure = Failure::of($exception, $watch->pastDeadline());
            $this->logger->error('Ask AI: the streamed answer failed', ['exception' => $exception, 'reason' => $failure->reason]);
            $this->ledger->finish($ticket->entry, null, null, time());
            $emit($this->events->failure($failure, (int)round($ticket->deadlineAt - $ticket->startedAt)));

            return;
        } finally {
            $timeout->restore();
        }

        if ($stopped !== null) {
            $this->ledger->finish($ticket->entry, null, null, time());
            if ($stopped === Failure::DEADLINE) {
                $emit($this->events->failure(new Failure(Failure::DEADLINE), (int)round($ticket->deadlineAt - $ticket->startedAt)));
            } else {
                $emit($this->events->cancelled());
            }

            return;
        }

        $sent = implode(' ', array_map(static fn(ChatMessage $m): string => $m->content, $messages));
        $usage = UsageStatistics::fromTokens(
            (int)ceil(mb_strlen($sent) / self::CHARS_PER_TOKEN),
            (int)ceil(mb_strlen($answer) / self::CHARS_PER_TOKEN),
        );
        $this->ledger->finish($ticket->entry, $correlationId, null, time());
        $emit(RunEvents::done($answer, 1, false, AgentRunTerminationReason::COMPLETED->value, $usage, null, $correlationId, $cap->wasCut()));
    }
}
