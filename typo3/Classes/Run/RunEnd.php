<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

/**
 * How a run path ended, for the envelope to record and say once ({@see RunEnvelope}): with a terminal
 * event the path made (an answer, a suspension, a guardrail), stopped (by the editor, a client gone, the
 * deadline), or failed for a reason the dialog words. The run's uuid where nr-llm gave one, and the
 * answer's correlation id (the one the editor may rate) come with it.
 */
final readonly class RunEnd
{
    /** @param array<string, mixed>|null $event */
    private function __construct(
        public ?array $event,
        public ?string $stoppedBy,
        public ?Failure $failure,
        public ?string $runUuid,
    ) {
    }

    /** @param array<string, mixed> $event the terminal event as the path made it (`done`, a suspension, a guardrail, an error) */
    public static function with(array $event, ?string $runUuid = null): self
    {
        return new self($event, null, null, self::known($runUuid));
    }

    /** @param string $why {@see RunWatch::STOPPED}, {@see RunWatch::GONE} or {@see Failure::DEADLINE} */
    public static function stopped(string $why, ?string $runUuid = null): self
    {
        return new self(null, $why, null, self::known($runUuid));
    }

    public static function failed(Failure $failure, ?string $runUuid = null): self
    {
        return new self(null, null, $failure, self::known($runUuid));
    }

    /** The id an answer's rating is filed under: only a `done` event's. */
    public function correlationId(): ?string
    {
        $id = ($this->event['event'] ?? null) === 'done' ? ($this->event['correlationId'] ?? null) : null;

        return is_string($id) && $id !== '' ? $id : null;
    }

    private static function known(?string $runUuid): ?string
    {
        return $runUuid !== null && $runUuid !== '' ? $runUuid : null;
    }
}
