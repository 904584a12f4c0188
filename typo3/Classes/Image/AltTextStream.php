<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use AskAiDialog\AskAi\Run\AnswerCap;
use AskAiDialog\AskAi\Run\Failure;
use AskAiDialog\AskAi\Run\ProviderTimeout;
use AskAiDialog\AskAi\Run\RunEvents;
use AskAiDialog\AskAi\Run\RunLedger;
use AskAiDialog\AskAi\Run\RunTicket;
use AskAiDialog\AskAi\Run\RunWatch;
use Closure;
use Locale;
use Netresearch\NrLlm\Domain\Enum\AgentRunTerminationReason;
use Psr\Log\LoggerInterface;
use Throwable;

/**
 * An alt text from the image itself, through nr-llm's vision service: the image as a `data:` URI, and an
 * instruction in the record's language (nr-llm's own alt-text prompt is English only). The answer comes
 * whole (the vision call does not stream) and is the alt text: short, for people who cannot see the image.
 * nr-llm's vision call takes no correlation id, so the answer carries none and is not rated.
 */
final class AltTextStream
{
    public const MAX_CHARACTERS = 250;

    public function __construct(
        private readonly VisionInterface $vision,
        private readonly RunLedger $ledger,
        private readonly RunEvents $events,
        private readonly LoggerInterface $logger,
    ) {
    }

    /** @param Closure(array<string, mixed>): void $emit */
    public function run(ImageData $image, ?string $language, RunTicket $ticket, RunWatch $watch, ProviderTimeout $timeout, Closure $emit): void
    {
        $started = hrtime(true);
        $timeout->limit($watch->secondsLeft());
        try {
            $response = $this->vision->describe($image, self::instruction($language), $ticket->owner);
        } catch (Throwable $exception) {
            $failure = Failure::of($exception, $watch->pastDeadline());
            $this->logger->error('Ask AI: the alt text could not be written', ['exception' => $exception, 'reason' => $failure->reason]);
            $this->ledger->finish($ticket->entry, null, null, time());
            $emit($this->events->failure($failure, (int)round($ticket->deadlineAt - $ticket->startedAt)));

            return;
        } finally {
            $timeout->restore();
        }
        $emit(['event' => 'step', 'step' => ['kind' => 'llm', 'round' => 1, 'durationMs' => round((hrtime(true) - $started) / 1e6, 2)]]);
        $this->ledger->finish($ticket->entry, null, null, time());
        if ($watch->reason(force: true) === RunWatch::STOPPED) {
            $emit($this->events->cancelled());

            return;
        }
        $cap = new AnswerCap(self::MAX_CHARACTERS);
        $text = $cap->take(trim(preg_replace('/\s+/u', ' ', $response['text']) ?? ''));
        $emit(RunEvents::done($text, 1, false, AgentRunTerminationReason::COMPLETED->value, $response['usage'], null, null, $cap->wasCut()));
    }

    /** The alt-text instruction, asking for the record's language by its English name. */
    public static function instruction(?string $language): string
    {
        $name = 'the language of the page it is on';
        if ($language !== null && preg_match('/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/', $language) === 1) {
            $display = class_exists(Locale::class) ? Locale::getDisplayLanguage($language, 'en') : '';
            $name = $display !== '' && $display !== $language ? $display . ' (' . $language . ')' : $language;
        }

        return 'Write the alternative text for this image, for people who cannot see it: what the image shows that '
            . 'matters, in one sentence of at most 125 characters, without "image of" or "picture of". Write it in '
            . $name . '. Answer with the alternative text only.';
    }
}
