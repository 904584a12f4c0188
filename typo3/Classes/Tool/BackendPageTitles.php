<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

use AskAiDialog\AskAi\Access\EditorAccess;
use TYPO3\CMS\Backend\Utility\BackendUtility;
use TYPO3\CMS\Core\Type\Bitmask\Permission;

/** Page titles through TYPO3's own page access check, for the editor of the request. */
final class BackendPageTitles implements PageTitlesInterface
{
    public function __construct(private readonly EditorAccess $access)
    {
    }

    public function title(int $uid): ?string
    {
        $user = $this->access->currentUser();
        if ($user === null || $uid <= 0) {
            return null;
        }
        $page = BackendUtility::readPageAccess($uid, $user->getPagePermsClause(Permission::PAGE_SHOW));
        $title = is_array($page) ? ($page['title'] ?? null) : null;

        return is_string($title) && trim($title) !== '' ? $title : null;
    }
}
