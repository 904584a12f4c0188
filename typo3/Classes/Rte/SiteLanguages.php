<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Rte;

use Throwable;
use TYPO3\CMS\Core\Site\SiteFinder;

/**
 * The languages of the site a page belongs to, as language codes (`en`, `de`, `pt-BR`): translation
 * targets the dialog names in the editor's own language. Once per page and request.
 */
class SiteLanguages
{
    /** @var array<int, list<string>> */
    private array $byPage = [];

    public function __construct(private readonly SiteFinder $sites)
    {
    }

    /** @return list<string> empty where the page belongs to no site */
    public function forPage(int $pageId): array
    {
        if ($pageId <= 0) {
            return [];
        }

        return $this->byPage[$pageId] ??= $this->read($pageId);
    }

    /**
     * The language a record is written in, by its page's site and its `sys_language_uid` (`en`, `de`);
     * null where the page belongs to no site or the site has no such language.
     */
    public function ofRecord(int $pageId, int $languageUid): ?string
    {
        if ($pageId <= 0 || $languageUid < 0) {
            return null;
        }
        try {
            $code = $this->sites->getSiteByPageId($pageId)->getLanguageById($languageUid)->getLocale()->getLanguageCode();
        } catch (Throwable) {
            return null;
        }

        return $code !== '' ? $code : null;
    }

    /** @return list<string> */
    private function read(int $pageId): array
    {
        try {
            $languages = $this->sites->getSiteByPageId($pageId)->getLanguages();
        } catch (Throwable) {
            return [];
        }
        $locales = [];
        foreach ($languages as $language) {
            $locale = $language->getLocale();
            if ($locale->getLanguageCode() !== '') {
                $locales[] = [$locale->getLanguageCode(), $locale->getCountryCode()];
            }
        }
        // The language alone ("de"), unless the site has it twice: then with its country ("de-AT", "de-DE").
        $count = array_count_values(array_column($locales, 0));
        $codes = [];
        foreach ($locales as [$language, $country]) {
            $code = $count[$language] > 1 && $country !== '' ? $language . '-' . $country : $language;
            if (!in_array($code, $codes, true)) {
                $codes[] = $code;
            }
        }

        return $codes;
    }
}
