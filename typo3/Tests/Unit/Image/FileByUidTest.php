<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Image;

use AskAiDialog\AskAi\Image\FileImages;
use AskAiDialog\AskAi\Image\ImageRefused;
use AskAiDialog\AskAi\Tests\Support\OneImageFile;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Resource\File;
use TYPO3\CMS\Core\Resource\FileReference;
use TYPO3\CMS\Core\Resource\ResourceStorage;

/**
 * An image by its file (its metadata record, or a rich-text image): a file of one of the site's storages
 * (never TYPO3's fallback storage 0), there, readable by the editor, and no larger on disk than the limit —
 * each checked before its bytes are read; then only its bytes decide its type.
 */
final class FileByUidTest extends TestCase
{
    private const PNG = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    public function testAFileOfTheSitesStorageThatTheEditorMayReadIsSentAsTheImageItsBytesAre(): void
    {
        $image = $this->images($this->file())->read(['file' => 7], $this->editor(), 'cms.example');

        self::assertSame(['image/png', self::PNG, 'tram.png'], [$image->type, $image->bytes, $image->name]);
    }

    public function testAFileOfExactlyTenMebibytesOnDiskIsStillRead(): void
    {
        $image = $this->images($this->file(size: 10 * 1024 * 1024))->read(['file' => 7], $this->editor(), 'cms.example');

        self::assertSame('image/png', $image->type);
    }

    public function testEachRefusalComesBeforeTheBytesAreRead(): void
    {
        $this->assertRefused(ImageRefused::NOT_OURS, 400, $this->file(storage: 0), 'the fallback storage');
        $this->assertRefused(ImageRefused::NOT_FOUND, 404, $this->file(missing: true), 'a missing file');
        $this->assertRefused(ImageRefused::FORBIDDEN, 403, $this->file(readable: false), 'outside the file mounts');
        $this->assertRefused(ImageRefused::NOT_AN_IMAGE, 415, $this->file(mime: 'text/html'), 'not an image by its index');
        $this->assertRefused(ImageRefused::TOO_LARGE, 413, $this->file(size: FileImages::MAX_BYTES + 1), 'too large on disk');
        $this->assertRefused(ImageRefused::NOT_FOUND, 404, $this->file(storage: 0), 'a file that does not exist', uid: 8);
    }

    private function file(int $storage = 1, bool $missing = false, bool $readable = true, string $mime = 'image/png', int $size = 15): File
    {
        $disk = $this->createMock(ResourceStorage::class);
        $disk->method('getUid')->willReturn($storage);
        $disk->method('getEvaluatePermissions')->willReturn(true);
        $disk->method('getFileInfoByIdentifier')->willReturn(['size' => $size]);
        $file = $this->createMock(File::class);
        $file->method('getStorage')->willReturn($disk);
        $file->method('isMissing')->willReturn($missing);
        $file->method('checkActionPermission')->willReturn($readable);
        $file->method('getMimeType')->willReturn($mime);
        $file->method('getSize')->willReturn(15);
        $file->method('getName')->willReturn('tram.png');
        $file->method('getIdentifier')->willReturn('/tram.png');
        $refused = $storage === 0 || $missing || !$readable || $mime !== 'image/png' || $size > FileImages::MAX_BYTES;
        $file->expects($refused ? self::never() : self::once())->method('getContents')->willReturn(self::PNG);

        return $file;
    }

    private function images(File $file): FileImages
    {
        return new FileImages(new OneImageFile($file, 7, $this->createMock(FileReference::class), 12));
    }

    private function editor(): BackendUserAuthentication
    {
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 3, 'admin' => 0];

        return $user;
    }

    private function assertRefused(string $why, int $status, File $file, string $case, int $uid = 7): void
    {
        try {
            $this->images($file)->read(['file' => $uid], $this->editor(), 'cms.example');
            self::fail('The image was read: ' . $case);
        } catch (ImageRefused $refused) {
            self::assertSame([$why, $status], [$refused->why, $refused->status], $case);
        }
    }
}
