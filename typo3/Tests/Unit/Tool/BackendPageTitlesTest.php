<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Tool;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Tests\Support\TestDatabase;
use AskAiDialog\AskAi\Tool\BackendPageTitles;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;

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
        $this->database = TestDatabase::connect()->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
        TestDatabase::pageTree($this->database);
        $this->database->insert('pages', ['uid' => 1, 'pid' => 0, 'title' => 'Home']);
        $this->database->insert('pages', ['uid' => 2, 'pid' => 1, 'title' => '   ']);
        $this->database->insert('pages', ['uid' => 3, 'pid' => 1, 'title' => 'Gone', 'deleted' => 1]);
    }

    protected function tearDown(): void
    {
        TestDatabase::dropPageTree($this->database);
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
