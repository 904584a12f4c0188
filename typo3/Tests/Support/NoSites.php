<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use TYPO3\CMS\Core\Exception\SiteNotFoundException;
use TYPO3\CMS\Core\Site\Entity\Site;
use TYPO3\CMS\Core\Site\SiteFinder;

/** TYPO3's site finder on a site without site configurations: no page belongs to a site. */
final readonly class NoSites extends SiteFinder
{
    public function __construct()
    {
    }

    public function getSiteByPageId(int $pageId, ?array $rootLine = null, ?string $mountPointParameter = null): Site
    {
        throw new SiteNotFoundException('No site configuration in the simulated site', 1797100010);
    }
}
