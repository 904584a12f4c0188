<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Localization;

/**
 * The extension's messages in the backend user's language: `Resources/Private/Language/locallang.xlf`
 * through TYPO3's language service, the English text where none is loaded (a test, the CLI).
 */
final class Labels
{
    private const FILE = 'LLL:EXT:ask_ai/Resources/Private/Language/locallang.xlf:';

    /** @param list<string|int> $arguments */
    public static function get(string $key, string $english, array $arguments = []): string
    {
        $language = $GLOBALS['LANG'] ?? null;
        $text = is_object($language) && method_exists($language, 'sL') ? $language->sL(self::FILE . $key) : '';

        return vsprintf(is_string($text) && $text !== '' ? $text : $english, $arguments);
    }
}
