<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Tool;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Tests\Support\TestDatabase;
use AskAiDialog\AskAi\Tool\BackendPageTitles;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Cache\CacheManager;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;
use TYPO3\CMS\Core\Package\PackageManager;
use TYPO3\CMS\Core\Utility\ExtensionManagementUtility;
use TYPO3\CMS\Core\Utility\GeneralUtility;

/**
 * A page's title as the page tool gives it to the model: read through TYPO3's own page access check
 * (`BackendUtility::readPageAccess`) for the editor of the request, from pages in an SQLite database in
 * memory — a page that is there and has a title, none for a page that is not, has no title, or without
 * an editor.
 */
final class BackendPageTitlesTest extends TestCase
{
    private Connection $database;

    private mixed $user = null;

    protected function setUp(): void
    {
        $this->user = $GLOBALS['BE_USER'] ?? null;
        // The packages TYPO3's lookups ask about (workspaces): none active, as on a site without them.
        ExtensionManagementUtility::setPackageManager((new \ReflectionClass(PackageManager::class))->newInstanceWithoutConstructor());
        $this->database = TestDatabase::connect()->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
        // TYPO3 keeps its prepared rootline query in the runtime cache: not one of another test's database.
        GeneralUtility::makeInstance(CacheManager::class)->getCache('runtime')->flush();
        $this->database->executeStatement('CREATE TABLE pages (uid INTEGER PRIMARY KEY, pid INTEGER DEFAULT 0, deleted INTEGER DEFAULT 0, title VARCHAR(255), t3ver_oid INTEGER DEFAULT 0, t3ver_wsid INTEGER DEFAULT 0, t3ver_state INTEGER DEFAULT 0, sys_language_uid INTEGER DEFAULT 0, doktype INTEGER DEFAULT 1)');
        $GLOBALS['TCA']['pages'] = ['ctrl' => ['delete' => 'deleted', 'label' => 'title'], 'columns' => []];
        $this->database->insert('pages', ['uid' => 1, 'pid' => 0, 'title' => 'Home']);
        $this->database->insert('pages', ['uid' => 2, 'pid' => 1, 'title' => '   ']);
        $this->database->insert('pages', ['uid' => 3, 'pid' => 1, 'title' => 'Gone', 'deleted' => 1]);
    }

    protected function tearDown(): void
    {
        $this->database->executeStatement('DROP TABLE pages');
        unset($GLOBALS['TCA']['pages']);
        $GLOBALS['BE_USER'] = $this->user;
    }

    public function testAPageTheEditorMaySeeGivesItsTitle(): void
    {
        $GLOBALS['BE_USER'] = $this->admin();
        self::assertSame('Home', (new BackendPageTitles(new EditorAccess()))->title(1));
    }

    public function testAPageThatIsNotThereOrHasNoTitleGivesNone(): void
    {
        $GLOBALS['BE_USER'] = $this->admin();
        $titles = new BackendPageTitles(new EditorAccess());
        self::assertNull($titles->title(2), 'a blank title');
        self::assertNull($titles->title(3), 'a deleted page');
        self::assertNull($titles->title(99), 'no such page');
        self::assertNull($titles->title(0), 'the root, no page');
    }

    public function testWithoutAnEditorNoPageIsRead(): void
    {
        $GLOBALS['BE_USER'] = null;
        self::assertNull((new BackendPageTitles(new EditorAccess()))->title(1));
    }

    private function admin(): BackendUserAuthentication
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 1, 'admin' => 1, 'workspace_id' => 0];
        $user->workspace = 0;

        return $user;
    }
}
