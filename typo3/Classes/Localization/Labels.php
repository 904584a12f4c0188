<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Localization;

use AskAiDialog\AskAi\Access\EditorAccess;
use TYPO3\CMS\Core\Localization\LanguageService;
use TYPO3\CMS\Core\Localization\LanguageServiceFactory;
use ValueError;

/**
 * The extension's messages in the backend user's language: `Resources/Private/Language/locallang.xlf`
 * through TYPO3's language service, made for the current editor on first use; the English text where
 * none is loaded (a test, the CLI) or the translation is missing.
 *
 * A text is formatted (`vsprintf`) only when the message takes arguments, so a translation with a bare
 * `%` never throws; a translation whose placeholders do not fit its arguments falls back to English.
 */
class Labels
{
    private const FILE = 'LLL:EXT:ask_ai/Resources/Private/Language/locallang.xlf:';

    private ?LanguageService $language = null;

    private bool $resolved = false;

    public function __construct(
        private readonly ?LanguageServiceFactory $languages = null,
        private readonly ?EditorAccess $access = null,
    ) {
    }

    /** Always English: tests, and answers before a user is known. */
    public static function english(): self
    {
        return new self();
    }

    /** @param list<string|int|float> $arguments */
    public function get(string $key, string $english, array $arguments = []): string
    {
        $translated = $this->language()?->sL(self::FILE . $key);
        $text = is_string($translated) && $translated !== '' ? $translated : $english;
        if ($arguments === []) {
            return $text;
        }
        try {
            return vsprintf($text, $arguments);
        } catch (ValueError) {
            return vsprintf($english, $arguments);
        }
    }

    /** A label of another extension (`LLL:EXT:…`), as TYPO3 shows it to this editor. */
    public function of(string $reference, string $english): string
    {
        $translated = $this->language()?->sL($reference);

        return is_string($translated) && $translated !== '' ? $translated : $english;
    }

    /** TYPO3's language service for the current editor, or null outside a backend request. */
    public function language(): ?LanguageService
    {
        if (!$this->resolved) {
            $this->resolved = true;
            $user = $this->access?->currentUser();
            $this->language = $user !== null && $this->languages !== null ? $this->languages->createFromUserPreferences($user) : null;
        }

        return $this->language;
    }
}
