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

    protected function setUp(): void
    {
        $this->database = TestDatabase::connect()->getConnectionByName(ConnectionPool::DEFAULT_CONNECTION_NAME);
        $this->database->executeStatement('CREATE TABLE sys_file_reference (uid INTEGER PRIMARY KEY, pid INTEGER, deleted INTEGER DEFAULT 0, tablenames VARCHAR(64), uid_foreign INTEGER, uid_local INTEGER)');
        $this->database->executeStatement('CREATE TABLE tt_content (uid INTEGER PRIMARY KEY, pid INTEGER, deleted INTEGER DEFAULT 0)');
        $GLOBALS['TCA']['sys_file_reference'] = ['ctrl' => ['delete' => 'deleted'], 'columns' => []];
        $GLOBALS['TCA']['tt_content'] = ['ctrl' => ['delete' => 'deleted'], 'columns' => []];
        $this->database->insert('sys_file_reference', ['uid' => 12, 'pid' => 1, 'tablenames' => 'tt_content', 'uid_foreign' => 5, 'uid_local' => 3]);
        $this->images = new FileImages((new \ReflectionClass(ResourceFactory::class))->newInstanceWithoutConstructor());
    }

    protected function tearDown(): void
    {
        $this->database->executeStatement('DROP TABLE sys_file_reference');
        $this->database->executeStatement('DROP TABLE tt_content');
        unset($GLOBALS['TCA']['sys_file_reference'], $GLOBALS['TCA']['tt_content']);
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

    private function editor(): BackendUserAuthentication
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 3, 'admin' => 0];
        $user->groupData['tables_select'] = '';

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
