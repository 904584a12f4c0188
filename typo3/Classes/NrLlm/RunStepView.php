<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\NrLlm;

use AskAiDialog\AskAi\Run\StepViewInterface;
use AskAiDialog\AskAi\Tool\ToolActivity;
use Netresearch\NrLlm\Domain\ValueObject\RunStep;

/**
 * nr-llm's `RunStep` (not `@api`), read here only: the allow-listed keys of its array form, and for a model
 * round that asks for tools, each tool by name with what it is about to do in the editor's words
 * ({@see ToolActivity}) — the arguments themselves stay on the server.
 */
final class RunStepView implements StepViewInterface
{
    private const KEYS = ['kind', 'round', 'durationMs', 'toolName', 'toolIsError', 'finishReason'];

    public function __construct(private readonly ToolActivity $activity)
    {
    }

    public function view(object $step): array
    {
        if (!$step instanceof RunStep) {
            return [];
        }
        $view = array_intersect_key($step->toArray(), array_flip(self::KEYS));
        $calls = [];
        foreach ($step->requestedToolCalls ?? [] as $call) {
            $name = $call['name'] ?? null;
            if (is_string($name) && $name !== '') {
                $arguments = $call['arguments'] ?? [];
                $calls[] = ['name' => $name, 'activity' => $this->activity->of($name, is_array($arguments) ? $arguments : [])];
            }
        }
        if ($calls !== []) {
            $view['requestedToolCalls'] = $calls;
        }

        return $view;
    }
}
