<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use TYPO3\CMS\Core\Exception\SiteNotFoundException;
use TYPO3\CMS\Core\Site\Entity\Site;
use TYPO3\CMS\Core\Site\SiteFinder;

/** TYPO3's site finder on a site whose pages from 1 to 99 belong to one site with these languages. */
final readonly class OneSite extends SiteFinder
{
    /** @param list<string> $locales e.g. `en_US.UTF-8`, `de_DE.UTF-8` */
    public function __construct(private array $locales)
    {
    }

    public function getSiteByPageId(int $pageId, ?array $rootLine = null, ?string $mountPointParameter = null): Site
    {
        if ($pageId < 1 || $pageId > 99) {
            throw new SiteNotFoundException('No site for page ' . $pageId, 1797100011);
        }
        $languages = [];
        foreach ($this->locales as $id => $locale) {
            $languages[] = ['languageId' => $id, 'title' => $locale, 'locale' => $locale, 'base' => '/' . $id . '/'];
        }

        return new Site('main', 1, ['base' => 'https://cms.example/', 'languages' => $languages]);
    }
}
