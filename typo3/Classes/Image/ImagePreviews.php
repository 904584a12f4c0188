<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use Throwable;
use TYPO3\CMS\Core\Resource\File;
use TYPO3\CMS\Core\Resource\ProcessedFile;
use TYPO3\CMS\Core\Resource\ResourceFactory;

/**
 * The image an alt-text dialog is about, as the editor sees it in the form: a thumbnail TYPO3 makes for the
 * backend (its image preview), and the file's name. Only for the form the editor has open: FormEngine
 * checked the record already.
 */
class ImagePreviews
{
    public const WIDTH = 320;

    public const HEIGHT = 200;

    public function __construct(private readonly ResourceFactory $resources)
    {
    }

    /**
     * @param array{fileReference?: int, file?: int} $image
     *
     * @return array{src: string, name: string}|null
     */
    public function of(array $image): ?array
    {
        try {
            $file = isset($image['fileReference'])
                ? $this->resources->getFileReferenceObject($image['fileReference'])->getOriginalFile()
                : $this->resources->getFileObject((int)($image['file'] ?? 0));
            if (!$file instanceof File || $file->isMissing()) {
                return null;
            }
            $thumbnail = $file->process(ProcessedFile::CONTEXT_IMAGEPREVIEW, ['width' => self::WIDTH, 'height' => self::HEIGHT]);
            $src = $thumbnail->getPublicUrl();
        } catch (Throwable) {
            return null;
        }

        return is_string($src) && $src !== '' ? ['src' => $src, 'name' => $file->getName()] : null;
    }
}
