<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Image;

use AskAiDialog\AskAi\Image\FileImages;
use AskAiDialog\AskAi\Image\ImageRefused;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Resource\ResourceFactory;

/**
 * An image given by its address is refused before TYPO3's files are asked (the resource factory here has
 * nothing behind it: touching it would fail the test): the server opens no URL for an editor.
 */
final class FileImagesTest extends TestCase
{
    /** @return array<string, array{0: string}> */
    public static function notOurs(): array
    {
        return [
            'another host' => ['https://elsewhere.example/fileadmin/a.png'],
            'our host, another port' => ['http://cms.example:8081/fileadmin/a.png'],
            'the loopback' => ['http://127.0.0.1:11434/api/tags'],
            'a file URL' => ['file:///etc/passwd'],
            'a data URI' => ['data:image/png;base64,iVBORw0KGgo='],
            'protocol-relative' => ['//elsewhere.example/a.png'],
            'an FTP URL' => ['ftp://cms.example/fileadmin/a.png'],
            'credentials in the URL' => ['http://user:pass@cms.example/fileadmin/a.png'],
            'climbing out' => ['/fileadmin/../typo3conf/system/settings.php'],
            'encoded climbing' => ['/fileadmin/%2e%2e/config/system/settings.php'],
            'a query' => ['/fileadmin/a.png?x=1'],
            'a bare name' => ['a.png'],
            'a NUL byte' => ["/fileadmin/a.png\0.php"],
        ];
    }

    /** @dataProvider notOurs */
    #[DataProvider('notOurs')]
    public function testAnAddressThatIsNotAFileOfThisSiteIsRefusedWithNothingFetched(string $src): void
    {
        $images = new FileImages((new \ReflectionClass(ResourceFactory::class))->newInstanceWithoutConstructor());
        $user = new BackendUserAuthentication();
        $user->user = ['uid' => 2, 'admin' => 1];

        try {
            $images->read(['src' => $src], $user, 'cms.example');
            self::fail('The address was accepted.');
        } catch (ImageRefused $refused) {
            self::assertSame(ImageRefused::NOT_OURS, $refused->why);
            self::assertSame(400, $refused->status);
        }
    }

    /** @return array<string, array{0: string, 1: ?string}> */
    public static function bytes(): array
    {
        return [
            'a PNG' => ["\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 'image/png'],
            'a JPEG' => ["\xFF\xD8\xFF\xE0\0\x10JFIF", 'image/jpeg'],
            'a GIF 89a' => ['GIF89a' . "\x01\0\x01\0", 'image/gif'],
            'a GIF 87a' => ['GIF87a' . "\x01\0\x01\0", 'image/gif'],
            'a WebP' => ['RIFF' . "\x24\0\0\0" . 'WEBPVP8 ', 'image/webp'],
            'a RIFF that is not WebP' => ['RIFF' . "\x24\0\0\0" . 'WAVEfmt ', null],
            'a WebP cut short' => ['RIFF' . "\x24\0\0", null],
            'a WebP header alone, twelve bytes' => ['RIFF' . "\x24\0\0\0" . 'WEBP', 'image/webp'],
            'PHP named .png' => ["<?php echo 'x';", null],
            'an SVG' => ['<svg xmlns="http://www.w3.org/2000/svg"/>', null],
            'a PNG signature cut short' => ["\x89PNG\r\n", null],
            'nothing' => ['', null],
        ];
    }

    /** @dataProvider bytes */
    #[DataProvider('bytes')]
    public function testTheTypeSentIsWhatTheBytesAreNotWhatTheIndexSays(string $bytes, ?string $type): void
    {
        self::assertSame($type, FileImages::sniff($bytes));
    }

    public function testOnlyAnImageIsSentUnderItsOwnTypeAndNothingOverTheLimit(): void
    {
        $png = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        $image = FileImages::imageFrom($png, 'tram.png');
        self::assertSame(['image/png', $png, 'tram.png'], [$image->type, $image->bytes, $image->name]);
        self::assertSame(FileImages::MAX_BYTES, strlen(FileImages::imageFrom(str_pad($png, FileImages::MAX_BYTES, "\0"), 'big.png')->bytes));

        foreach ([["<?php echo 'x';", ImageRefused::NOT_AN_IMAGE, 415], [str_pad($png, FileImages::MAX_BYTES + 1, "\0"), ImageRefused::TOO_LARGE, 413]] as [$bytes, $why, $status]) {
            try {
                FileImages::imageFrom($bytes, 'a.png');
                self::fail('The bytes were accepted.');
            } catch (ImageRefused $refused) {
                self::assertSame([$why, $status], [$refused->why, $refused->status]);
            }
        }
    }
}
