<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use TYPO3\CMS\Core\Resource\Exception\FileDoesNotExistException;
use TYPO3\CMS\Core\Resource\File;
use TYPO3\CMS\Core\Resource\FileReference;
use TYPO3\CMS\Core\Resource\ResourceFactory;

/** TYPO3's resource factory with one file (by its uid) and one reference to it: nothing else exists. */
final readonly class OneImageFile extends ResourceFactory
{
    public function __construct(private File $file, private int $fileUid, private FileReference $reference, private int $referenceUid)
    {
    }

    public function getFileObject($uid, array $fileData = []): File
    {
        if ((int)$uid !== $this->fileUid) {
            throw new FileDoesNotExistException('No file ' . $uid, 1797100021);
        }

        return $this->file;
    }

    public function getFileReferenceObject(int $uid, array $fileReferenceData = [], bool $raw = false): FileReference
    {
        if ($uid !== $this->referenceUid) {
            throw new FileDoesNotExistException('No file reference ' . $uid, 1797100022);
        }

        return $this->reference;
    }
}
