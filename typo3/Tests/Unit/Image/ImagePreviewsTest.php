<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Image;

use AskAiDialog\AskAi\Image\ImagePreviews;
use AskAiDialog\AskAi\Tests\Support\OneImageFile;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Resource\File;
use TYPO3\CMS\Core\Resource\FileReference;
use TYPO3\CMS\Core\Resource\ProcessedFile;

/**
 * The image the alt-text dialog shows: TYPO3's backend preview of the file (320 × 200 at most) and its
 * name, found by the file or by a reference to it; nothing where the file is missing or has no address.
 */
final class ImagePreviewsTest extends TestCase
{
    public function testTheBackendsPreviewOfTheFileAndItsNameByFileOrByReference(): void
    {
        $previews = $this->previews($this->file('/fileadmin/_processed_/tram_1.png'));

        $expected = ['src' => '/fileadmin/_processed_/tram_1.png', 'name' => 'tram.png'];
        self::assertSame($expected, $previews->of(['file' => 7]));
        self::assertSame($expected, $previews->of(['fileReference' => 12]));
        self::assertNull($previews->of(['file' => 8]), 'a file that does not exist');
        self::assertNull($previews->of([]));
    }

    public function testNoPreviewForAMissingFileOrOneWithoutAnAddress(): void
    {
        self::assertNull($this->previews($this->file('/fileadmin/tram.png', missing: true))->of(['file' => 7]));
        self::assertNull($this->previews($this->file(''))->of(['file' => 7]));
        self::assertNull($this->previews($this->file(null))->of(['file' => 7]));
    }

    private function file(?string $url, bool $missing = false): File
    {
        $thumbnail = $this->createMock(ProcessedFile::class);
        $thumbnail->method('getPublicUrl')->willReturn($url);
        $file = $this->createMock(File::class);
        $file->method('isMissing')->willReturn($missing);
        $file->method('getName')->willReturn('tram.png');
        $file->method('process')
            ->with(ProcessedFile::CONTEXT_IMAGEPREVIEW, ['width' => 320, 'height' => 200])
            ->willReturn($thumbnail);

        return $file;
    }

    private function previews(File $file): ImagePreviews
    {
        $reference = $this->createMock(FileReference::class);
        $reference->method('getOriginalFile')->willReturn($file);

        return new ImagePreviews(new OneImageFile($file, 7, $reference, 12));
    }
}
