<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Netresearch\NrLlm\Domain\Model\LlmConfiguration;
use Netresearch\NrLlm\Domain\Model\UsageStatistics;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;
use Symfony\Component\Uid\Uuid;

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

    public function __construct(private readonly ChatStreamInterface $chat)
    {
    }

    /** @param list<ChatMessage> $messages */
    public function path(array $messages, LlmConfiguration $configuration): RunPath
    {
        return new RunPath('streamed answer', fn(RunScope $scope): RunEnd => $this->run($messages, $configuration, $scope));
    }

    /** @param list<ChatMessage> $messages */
    private function run(array $messages, LlmConfiguration $configuration, RunScope $scope): RunEnd
    {
        $correlationId = Uuid::v4()->toRfc4122();
        $cap = new AnswerCap();
        $answer = '';
        $watch = $scope->watch;
        foreach ($this->chat->stream($messages, $configuration, $scope->ticket->owner, $correlationId, $watch->secondsLeft()) as $chunk) {
            foreach (AnswerCap::pieces($cap->take((string)$chunk)) as $piece) {
                $answer .= $piece;
                $scope->delta($piece);
            }
            $stopped = $watch->reason();
            if ($stopped !== null) {
                return RunEnd::stopped($stopped);
            }
            if ($cap->wasCut()) {
                break;
            }
        }

        $sent = implode(' ', array_map(static fn(ChatMessage $m): string => $m->content, $messages));
        $usage = UsageStatistics::fromTokens(
            (int)ceil(mb_strlen($sent) / self::CHARS_PER_TOKEN),
            (int)ceil(mb_strlen($answer) / self::CHARS_PER_TOKEN),
        );

        return RunEnd::with(RunEvents::done($answer, 1, false, AgentRunTerminationReason::COMPLETED->value, $usage, null, $correlationId, $cap->wasCut()));
    }
}
