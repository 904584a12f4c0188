<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Run;

use AskAiDialog\AskAi\Http\RunRequest;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;

/**
 * The model's messages for one task: the editor's instruction with the text it is about. A refinement
 * ("make it shorter") becomes a second turn: the earlier instruction and answer as the conversation so
 * far, the refinement as the new request, so the model edits its answer rather than starting over
 * (CONTRACT.md §2, "A refinement"). The configuration's own system prompt and skills are added by
 * nr-llm when it assembles the run.
 */
final class RunMessages
{
    /** @return list<ChatMessage> */
    public static function for(RunRequest $request): array
    {
        $context = $request->context;
        $material = self::material($context);
        $previousAnswer = $context['previousAnswer'] ?? null;
        if (is_string($previousAnswer)) {
            $earlier = is_string($context['previousInstruction'] ?? null) ? $context['previousInstruction'] : '';

            return [
                ChatMessage::user(self::join([$earlier, $material])),
                ChatMessage::assistant($previousAnswer),
                ChatMessage::user(self::instruction($request)),
            ];
        }

        return [ChatMessage::user(self::join([self::instruction($request), $material]))];
    }

    /** The task's instruction, with the editor's note on it (shown to them with the task before it was sent). */
    private static function instruction(RunRequest $request): string
    {
        return $request->direction === null
            ? $request->prompt
            : $request->prompt . "\n\nThe editor adds: " . $request->direction;
    }

    /** @param array<string, string|int> $context */
    private static function material(array $context): string
    {
        $parts = [];
        if (is_string($context['selectionMarkdown'] ?? null)) {
            $parts[] = self::block('The selected text (markdown)', $context['selectionMarkdown']);
        } elseif (is_string($context['selection'] ?? null)) {
            $parts[] = self::block('The selected text', $context['selection']);
        }
        if (is_string($context['document'] ?? null) && ($context['document'] !== ($context['selection'] ?? null))) {
            $parts[] = self::block('The whole field', $context['document']);
        }
        if (isset($context['recordTable'], $context['recordUid'])) {
            $field = isset($context['recordField']) ? ', field ' . $context['recordField'] : '';
            $parts[] = sprintf('The record: %s:%d%s.', $context['recordTable'], $context['recordUid'], $field);
        }
        if (is_string($context['contentLanguage'] ?? null)) {
            $parts[] = sprintf('The content is in the language "%s"; answer in it unless the instruction says otherwise.', $context['contentLanguage']);
        }

        return self::join($parts);
    }

    private static function block(string $title, string $text): string
    {
        return $title . ":\n<<<\n" . $text . "\n>>>";
    }

    /** @param list<string> $parts */
    private static function join(array $parts): string
    {
        return implode("\n\n", array_filter($parts, static fn(string $p): bool => trim($p) !== ''));
    }
}
