<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use Throwable;
use TYPO3\CMS\Backend\Utility\BackendUtility;
use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;
use TYPO3\CMS\Core\Resource\File;
use TYPO3\CMS\Core\Resource\ResourceFactory;
use TYPO3\CMS\Core\Type\Bitmask\Permission;

/**
 * The image an alt text is written for, read through TYPO3's file abstraction with the editor's own
 * permissions — never fetched from an address: the server opens no URL on the editor's behalf, so no
 * other host, no `file://`, no port of the loopback can be reached through it.
 *
 * - a file reference (an image in a Text & Media or Images element): the element it belongs to must be
 *   there (not deleted), and the editor able to see it (its page, its table and `sys_file_reference`);
 * - a file (its metadata record, or an image a rich-text field names by its file): in one of the site's
 *   file storages (never TYPO3's fallback for any path under the web root), and the editor allowed to read
 *   it (their file mounts);
 * - an address as the editor's page shows it: only a path of this site's file storages (`/fileadmin/…`,
 *   or this host's URL of it), then as a file.
 */
final class FileImages implements ImageSourceInterface
{
    /** Image types every vision model nr-llm speaks to takes. */
    public const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

    /** Larger images are refused (providers take 20 MB; a base64 body grows by a third). */
    public const MAX_BYTES = 10 * 1024 * 1024;

    public function __construct(private readonly ResourceFactory $resources)
    {
    }

    /**
     * @param array{fileReference?: int, file?: int, src?: string} $image
     *
     * @throws ImageRefused
     */
    public function read(array $image, BackendUserAuthentication $user, string $host): ImageData
    {
        // A reference's image is read under the record's permission: an editor who may see the element
        // sees its image (as FormEngine shows it), file mounts or not. A file on its own needs the editor's
        // own right to read it (their file mounts).
        $byRecord = isset($image['fileReference']);
        $file = match (true) {
            $byRecord => $this->referencedFile($image['fileReference'], $user),
            isset($image['file']) => $this->readableFile($image['file'], $user),
            default => $this->fileAt((string)($image['src'] ?? ''), $user, $host),
        };
        if (!in_array(strtolower($file->getMimeType()), self::TYPES, true)) {
            throw new ImageRefused(ImageRefused::NOT_AN_IMAGE, 415);
        }
        // The size on disk, not the file index's (which may be stale, or made up): nothing larger is read.
        if ($this->sizeOnDisk($file) > self::MAX_BYTES) {
            throw new ImageRefused(ImageRefused::TOO_LARGE, 413);
        }
        $storage = $file->getStorage();
        $evaluated = $storage->getEvaluatePermissions();
        try {
            if ($byRecord) {
                $storage->setEvaluatePermissions(false);
            }
            $contents = $file->getContents();
        } catch (Throwable) {
            throw new ImageRefused(ImageRefused::NOT_FOUND, 404);
        } finally {
            $storage->setEvaluatePermissions($evaluated);
        }

        return self::imageFrom($contents, $file->getName());
    }

    /**
     * The image the bytes read are, under its own type — what the bytes are, not what the index says: more
     * than the limit is refused (413), and anything but an image (415).
     *
     * @throws ImageRefused
     */
    public static function imageFrom(string $contents, string $name): ImageData
    {
        if (strlen($contents) > self::MAX_BYTES) {
            throw new ImageRefused(ImageRefused::TOO_LARGE, 413);
        }
        $type = self::sniff($contents);
        if ($type === null) {
            throw new ImageRefused(ImageRefused::NOT_AN_IMAGE, 415);
        }

        return new ImageData($type, $contents, $name);
    }

    /** The image type the bytes begin with (PNG, JPEG, GIF, WebP), or null for anything else. */
    public static function sniff(string $bytes): ?string
    {
        return match (true) {
            str_starts_with($bytes, "\x89PNG\r\n\x1a\n") => 'image/png',
            str_starts_with($bytes, "\xFF\xD8\xFF") => 'image/jpeg',
            str_starts_with($bytes, 'GIF87a'), str_starts_with($bytes, 'GIF89a') => 'image/gif',
            strlen($bytes) >= 12 && str_starts_with($bytes, 'RIFF') && substr($bytes, 8, 4) === 'WEBP' => 'image/webp',
            default => null,
        };
    }

    /** The file's size as its storage's driver reports it; the index's where the driver cannot tell. */
    private function sizeOnDisk(File $file): int
    {
        try {
            $info = $file->getStorage()->getFileInfoByIdentifier($file->getIdentifier(), ['size']);
            if (isset($info['size']) && is_numeric($info['size'])) {
                return (int)$info['size'];
            }
        } catch (Throwable) {
            // The driver cannot tell: the index's size, and the bytes read are checked again.
        }

        return (int)$file->getSize();
    }

    private function referencedFile(int $uid, BackendUserAuthentication $user): File
    {
        $row = BackendUtility::getRecord('sys_file_reference', $uid);
        if (!is_array($row) || (int)($row['deleted'] ?? 0) === 1) {
            throw new ImageRefused(ImageRefused::NOT_FOUND, 404);
        }
        // The element the image belongs to must be there: a reference of a deleted element describes nothing.
        $table = (string)($row['tablenames'] ?? '');
        $record = $table !== '' ? BackendUtility::getRecord($table, (int)($row['uid_foreign'] ?? 0)) : null;
        if (!is_array($record)) {
            throw new ImageRefused(ImageRefused::NOT_FOUND, 404);
        }
        $page = $table === 'pages' ? (int)$record['uid'] : (int)($record['pid'] ?? 0);
        $mayRead = $user->isAdmin() || (
            $user->check('tables_select', 'sys_file_reference')
            && $user->check('tables_select', $table)
            && BackendUtility::readPageAccess((int)$row['pid'], $user->getPagePermsClause(Permission::PAGE_SHOW)) !== false
            && BackendUtility::readPageAccess($page, $user->getPagePermsClause(Permission::PAGE_SHOW)) !== false
        );
        if (!$mayRead) {
            throw new ImageRefused(ImageRefused::FORBIDDEN, 403);
        }
        try {
            return $this->resources->getFileReferenceObject($uid)->getOriginalFile();
        } catch (Throwable) {
            throw new ImageRefused(ImageRefused::NOT_FOUND, 404);
        }
    }

    private function readableFile(int $uid, BackendUserAuthentication $user): File
    {
        try {
            $file = $this->resources->getFileObject($uid);
        } catch (Throwable) {
            throw new ImageRefused(ImageRefused::NOT_FOUND, 404);
        }
        // Storage 0 is TYPO3's fallback for any path under the web root: not a file storage of the site.
        if ($file->getStorage()->getUid() === 0) {
            throw new ImageRefused(ImageRefused::NOT_OURS, 400);
        }
        if ($file->isMissing() || !$file->checkActionPermission('read')) {
            throw new ImageRefused($file->isMissing() ? ImageRefused::NOT_FOUND : ImageRefused::FORBIDDEN, $file->isMissing() ? 404 : 403);
        }

        return $file;
    }

    /** A path of this site's storages, given as the page shows it; nothing else. */
    private function fileAt(string $src, BackendUserAuthentication $user, string $host): File
    {
        $parts = str_contains($src, "\0") || preg_match('/[\x00-\x1f\x7f]/', $src) === 1 ? false : parse_url($src);
        if ($parts === false || isset($parts['user']) || isset($parts['pass']) || isset($parts['query']) || isset($parts['fragment'])) {
            throw new ImageRefused(ImageRefused::NOT_OURS, 400);
        }
        if (isset($parts['scheme']) || isset($parts['host'])) {
            $scheme = strtolower((string)($parts['scheme'] ?? ''));
            $authority = strtolower((string)($parts['host'] ?? '')) . (isset($parts['port']) ? ':' . $parts['port'] : '');
            if (!in_array($scheme, ['http', 'https'], true) || $authority !== strtolower($host)) {
                throw new ImageRefused(ImageRefused::NOT_OURS, 400);
            }
        }
        $path = rawurldecode((string)($parts['path'] ?? ''));
        if (
            $path === '' || str_contains($path, '..') || str_contains($path, "\0") || str_contains($path, '//')
            || preg_match('#^/?[A-Za-z0-9_-]+/#', $path) !== 1
        ) {
            throw new ImageRefused(ImageRefused::NOT_OURS, 400);
        }
        try {
            $file = $this->resources->retrieveFileOrFolderObject(ltrim($path, '/'));
        } catch (Throwable) {
            $file = null;
        }
        if (!$file instanceof File || $file->getStorage()->getUid() === 0) {
            throw new ImageRefused(ImageRefused::NOT_OURS, 404);
        }

        return $this->readableFile((int)$file->getUid(), $user);
    }
}
