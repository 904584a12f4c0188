<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Rte;

use Throwable;
use TYPO3\CMS\Core\Site\SiteFinder;

/** The languages of the site a page belongs to, by their titles: the translate task's targets. */
class SiteLanguages
{
    public function __construct(private readonly SiteFinder $sites) {}

    /** @return list<string> empty where the page belongs to no site */
    public function forPage(int $pageId): array
    {
        if ($pageId <= 0) {
            return [];
        }
        try {
            $languages = $this->sites->getSiteByPageId($pageId)->getLanguages();
        } catch (Throwable) {
            return [];
        }
        $titles = [];
        foreach ($languages as $language) {
            $title = trim((string)$language->getTitle());
            if ($title !== '' && !in_array($title, $titles, true)) {
                $titles[] = $title;
            }
        }

        return $titles;
    }
}
