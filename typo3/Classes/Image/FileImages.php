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
 * - a file reference (an image in a Text & Media or Images element): the editor must be able to see the
 *   element it belongs to (its page, its table and `sys_file_reference`);
 * - a file (its metadata record, or an image a rich-text field names by its file): the editor must be
 *   allowed to read it (their file mounts);
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
        $type = strtolower($file->getMimeType());
        if (!in_array($type, self::TYPES, true)) {
            throw new ImageRefused(ImageRefused::NOT_AN_IMAGE, 415);
        }
        if ($file->getSize() > self::MAX_BYTES) {
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

        return new ImageData($type, $contents, $file->getName());
    }

    private function referencedFile(int $uid, BackendUserAuthentication $user): File
    {
        $row = BackendUtility::getRecord('sys_file_reference', $uid);
        if (!is_array($row) || (int)($row['deleted'] ?? 0) === 1) {
            throw new ImageRefused(ImageRefused::NOT_FOUND, 404);
        }
        $table = (string)($row['tablenames'] ?? '');
        $mayRead = $user->isAdmin() || (
            $table !== ''
            && $user->check('tables_select', 'sys_file_reference')
            && $user->check('tables_select', $table)
            && BackendUtility::readPageAccess((int)$row['pid'], $user->getPagePermsClause(Permission::PAGE_SHOW)) !== false
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
        // Storage 0 is TYPO3's fallback for any path under the web root: not a file storage of the site.
        if (!$file instanceof File || $file->getStorage()->getUid() === 0) {
            throw new ImageRefused(ImageRefused::NOT_OURS, 404);
        }

        return $this->readableFile((int)$file->getUid(), $user);
    }
}
