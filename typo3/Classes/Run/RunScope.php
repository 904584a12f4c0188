<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use Closure;

/**
 * What a run path has while it runs: its ticket (editor, deadline), its watch (Stop, the deadline, a
 * client gone) and the events it may send on its way — steps, pieces of the answer, nr-llm's run uuid.
 * The terminal event is never the path's to send: it returns a {@see RunEnd}, and the envelope says it.
 */
final class RunScope
{
    /** @param Closure(array<string, mixed>): void $emit */
    public function __construct(
        public readonly RunTicket $ticket,
        public readonly RunWatch $watch,
        private readonly ProviderTimeout $timeout,
        private readonly Closure $emit,
    ) {
    }

    /** @param array<string, mixed> $step a step as the dialog shows it ({@see StepViewInterface}) */
    public function step(array $step): void
    {
        ($this->emit)(['event' => 'step', 'step' => $step]);
        $this->watch->sent();
    }

    public function delta(string $text): void
    {
        ($this->emit)(RunEvents::delta($text));
        $this->watch->sent();
    }

    public function started(string $runUuid): void
    {
        ($this->emit)(RunEvents::started($runUuid));
        $this->watch->sent();
    }

    /**
     * Bounds the provider call that comes next by the time the run has left: PHP cannot interrupt a call
     * in flight, so its HTTP timeout is what ends it ({@see ProviderTimeout}).
     */
    public function boundNextCall(): void
    {
        $this->timeout->limit($this->watch->secondsLeft());
    }
}
