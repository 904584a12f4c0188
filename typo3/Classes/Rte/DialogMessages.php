<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Rte;

/**
 * The dialog's messages in the backend user's language, from `Resources/Private/Language/dialog.xlf`
 * (made from the dialog's own English and German tables), so TYPO3's translation workflow (Crowdin,
 * `de.dialog.xlf`, a site's overrides) reaches the dialog. Messages that take arguments are templates
 * (`{0}`); the dialog turns them back into functions.
 */
final class DialogMessages
{
    private const FILE = 'LLL:EXT:ask_ai/Resources/Private/Language/dialog.xlf:';

    /** @var list<string>|null the XLIFF's ids, read once a request */
    private ?array $ids = null;

    public function __construct(private readonly string $xliff = __DIR__ . '/../../Resources/Private/Language/dialog.xlf')
    {
    }

    /**
     * @param object|null $language TYPO3's LanguageService (`sL()`); null: none loaded, the dialog's own tables
     *
     * @return array<string, string|array<string, string>> the dialog's `messages` (withheldReason nested)
     */
    public function for(?object $language): array
    {
        if ($language === null || !method_exists($language, 'sL')) {
            return [];
        }
        $messages = [];
        foreach ($this->ids() as $id) {
            $text = $language->sL(self::FILE . $id);
            if (!is_string($text) || $text === '') {
                continue;
            }
            if (str_contains($id, '.')) {
                [$key, $sub] = explode('.', $id, 2);
                $messages[$key][$sub] = $text;
            } else {
                $messages[$id] = $text;
            }
        }

        return $messages;
    }

    /** @return list<string> */
    private function ids(): array
    {
        return $this->ids ??= $this->read();
    }

    /** @return list<string> */
    private function read(): array
    {
        $xml = @simplexml_load_file($this->xliff);
        if ($xml === false) {
            return [];
        }
        $xml->registerXPathNamespace('x', 'urn:oasis:names:tc:xliff:document:1.2');

        return array_map(static fn(\SimpleXMLElement $unit): string => (string)$unit['id'], $xml->xpath('//x:trans-unit') ?: []);
    }
}
