<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Image;

use AskAiDialog\AskAi\Image\FileImages;
use AskAiDialog\AskAi\Image\ImageRefused;
use AskAiDialog\AskAi\Tests\Support\TestDatabase;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Database\Connection;
use TYPO3\CMS\Core\Database\ConnectionPool;
use TYPO3\CMS\Core\Resource\ResourceFactory;

/**
 * An image by its file reference (an image of a content element): the reference and the element it
 * belongs to must be there, not deleted, and the editor allowed to see them — each checked before any
 * file is touched (the resource factory here has nothing behind it). The records sit in an SQLite
 * database in memory, read through TYPO3's own BackendUtility.
 */
final class ReferencedImagesTest extends TestCase
{
    private Connection $database;

    private FileImages $images;

    private mixed $user = null;

    protected function setUp(): void
    {
        $this->database = TestDatabase::connect()->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
        $this->database->executeStatement('CREATE TABLE sys_file_reference (uid INTEGER PRIMARY KEY, pid INTEGER, deleted INTEGER DEFAULT 0, tablenames VARCHAR(64), uid_foreign INTEGER, uid_local INTEGER)');
        $this->database->executeStatement('CREATE TABLE tt_content (uid INTEGER PRIMARY KEY, pid INTEGER, deleted INTEGER DEFAULT 0)');
        TestDatabase::pageTree($this->database);
        // Two pages of the site's tree: the editor's own (1) and one of another editor's (2) under it.
        $this->database->insert('pages', ['uid' => 1, 'pid' => 0, 'title' => 'News', 'perms_userid' => 3]);
        $this->database->insert('pages', ['uid' => 2, 'pid' => 1, 'title' => 'Board', 'perms_userid' => 9]);
        $this->user = $GLOBALS['BE_USER'] ?? null;
        $GLOBALS['TCA']['sys_file_reference'] = ['ctrl' => ['delete' => 'deleted'], 'columns' => []];
        $GLOBALS['TCA']['tt_content'] = ['ctrl' => ['delete' => 'deleted'], 'columns' => []];
        $this->database->insert('sys_file_reference', ['uid' => 12, 'pid' => 1, 'tablenames' => 'tt_content', 'uid_foreign' => 5, 'uid_local' => 3]);
        $this->images = new FileImages((new \ReflectionClass(ResourceFactory::class))->newInstanceWithoutConstructor());
    }

    protected function tearDown(): void
    {
        $this->database->executeStatement('DROP TABLE sys_file_reference');
        $this->database->executeStatement('DROP TABLE tt_content');
        TestDatabase::dropPageTree($this->database);
        unset($GLOBALS['TCA']['sys_file_reference'], $GLOBALS['TCA']['tt_content']);
        $GLOBALS['BE_USER'] = $this->user;
    }

    public function testTheReferenceOfAnElementThatIsGoneDescribesNothing(): void
    {
        $this->assertRefused(ImageRefused::NOT_FOUND, 404, $this->editor(), 'no element');
        $this->database->insert('tt_content', ['uid' => 5, 'pid' => 1, 'deleted' => 1]);
        $this->assertRefused(ImageRefused::NOT_FOUND, 404, $this->editor(), 'a deleted element');
        $this->database->update('tt_content', ['deleted' => 0], ['uid' => 5]);
        $this->database->update('sys_file_reference', ['deleted' => 1], ['uid' => 12]);
        $this->assertRefused(ImageRefused::NOT_FOUND, 404, $this->editor(), 'a deleted reference');
    }

    public function testAnEditorWhoMayNotSeeTheElementIsRefused(): void
    {
        $this->database->insert('tt_content', ['uid' => 5, 'pid' => 1]);
        $this->assertRefused(ImageRefused::FORBIDDEN, 403, $this->editor(), 'no right to the tables');
    }

    public function testTheEditorMustBeAllowedOnTheReferencesPageAndOnTheElementsPage(): void
    {
        $editor = $this->editor('sys_file_reference,tt_content');
        $GLOBALS['BE_USER'] = $editor;
        $this->database->insert('tt_content', ['uid' => 5, 'pid' => 1]);
        // Both on the editor's page: allowed, so the file itself is looked up (the factory here has none).
        $this->assertRefused(ImageRefused::NOT_FOUND, 404, $editor, 'both on a page the editor may see');

        $this->database->update('sys_file_reference', ['pid' => 2], ['uid' => 12]);
        $this->assertRefused(ImageRefused::FORBIDDEN, 403, $editor, 'the reference on a page the editor may not see');
        $this->database->update('sys_file_reference', ['pid' => 1], ['uid' => 12]);
        $this->database->update('tt_content', ['pid' => 2], ['uid' => 5]);
        $this->assertRefused(ImageRefused::FORBIDDEN, 403, $editor, 'the element on a page the editor may not see');

        // An image of a page (its media): the page itself decides, not the page above it.
        $editor = $this->editor('sys_file_reference,pages');
        $GLOBALS['BE_USER'] = $editor;
        $this->database->update('sys_file_reference', ['tablenames' => 'pages', 'uid_foreign' => 2], ['uid' => 12]);
        $this->assertRefused(ImageRefused::FORBIDDEN, 403, $editor, 'the media of a page the editor may not see');
        $this->database->update('sys_file_reference', ['uid_foreign' => 1], ['uid' => 12]);
        $this->assertRefused(ImageRefused::NOT_FOUND, 404, $editor, 'the media of the editor\'s page');
    }

    private function editor(string $tables = ''): BackendUserAuthentication
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 3, 'admin' => 0];
        $user->groupData['tables_select'] = $tables;
        $user->groupData['webmounts'] = '1';

        return $user;
    }

    private function assertRefused(string $why, int $status, BackendUserAuthentication $user, string $case): void
    {
        try {
            $this->images->read(['fileReference' => 12], $user, 'cms.example');
            self::fail('The image was read: ' . $case);
        } catch (ImageRefused $refused) {
            self::assertSame([$why, $status], [$refused->why, $refused->status], $case);
        }
    }
}
