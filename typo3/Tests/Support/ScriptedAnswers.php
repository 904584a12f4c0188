<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;

/**
 * The scripted model's answers: grounded in the text between `<<<` and `>>>` of its messages (what
 * {@see \AskAiDialog\AskAi\Run\RunMessages} sends), shaped by the instruction, so a test can tell
 * that the context reached the model and what the model was asked.
 */
final class ScriptedAnswers
{
    /** @param list<ChatMessage|array<string, mixed>> $messages */
    public static function for(array $messages): string
    {
        $messages = array_values(array_filter($messages, static fn(mixed $m): bool => $m instanceof ChatMessage));
        $last = end($messages);
        $instruction = $last instanceof ChatMessage ? explode(":\n<<<", $last->content)[0] : '';
        $earlier = null;
        foreach ($messages as $message) {
            if ($message->isAssistant()) {
                $earlier = $message->content;
            }
        }
        // A refinement edits the answer it refines; a first run works on the editor's text.
        $source = $earlier ?? self::material($messages);
        if (trim($source) === '') {
            return 'There is no text to work on yet. Select some text, or write a few sentences first.';
        }
        $sentences = self::sentences($source);
        $lower = mb_strtolower($instruction);

        return match (true) {
            str_contains($lower, 'shorter') || str_contains($lower, 'shorten') => $sentences[0],
            str_contains($lower, 'summar') => implode(' ', array_slice($sentences, 0, 2)),
            str_contains($lower, 'keyword') => implode(', ', self::keywords($source)),
            str_contains($lower, 'german') || str_contains($lower, 'translate') => 'Übersetzung: ' . $sentences[0],
            str_contains($lower, 'formal') => 'We are pleased to announce the following. ' . implode(' ', $sentences),
            str_contains($lower, 'list') => implode("\n", array_map(static fn(string $s): string => '- ' . $s, $sentences)),
            default => 'A suggestion: ' . implode(' ', array_slice($sentences, 0, 3)),
        };
    }

    /** @param list<ChatMessage> $messages */
    private static function material(array $messages): string
    {
        foreach ($messages as $message) {
            if (preg_match('/<<<\n(.*?)\n>>>/s', $message->content, $match) === 1) {
                return $match[1];
            }
        }

        return '';
    }

    /** @return non-empty-list<string> */
    private static function sentences(string $text): array
    {
        $parts = preg_split('/(?<=[.!?])\s+/u', trim($text)) ?: [];
        $parts = array_values(array_filter(array_map('trim', $parts), static fn(string $s): bool => $s !== ''));

        return $parts === [] ? [trim($text)] : $parts;
    }

    /** @return list<string> */
    private static function keywords(string $text): array
    {
        preg_match_all('/\p{L}{5,}/u', $text, $words);
        $counts = array_count_values(array_map('mb_strtolower', $words[0]));
        arsort($counts);

        return array_slice(array_keys($counts), 0, 5);
    }
}
