<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

/** What the dialog sees of one step nr-llm's agent runtime reports to its observer. */
interface StepViewInterface
{
    /**
     * Its kind, round and duration, and for a tool its name and whether it failed. An allow-list, not a
     * deny-list: the transcript, tool arguments and results never leave the server.
     *
     * @return array<string, mixed>
     */
    public function view(object $step): array;
}
