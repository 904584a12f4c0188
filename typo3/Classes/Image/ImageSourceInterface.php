<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Image;

use TYPO3\CMS\Core\Authentication\BackendUserAuthentication;

/** Where the image an alt text is written for comes from: the site's files, as this editor may read them. */
interface ImageSourceInterface
{
    /**
     * @param array{fileReference?: int, file?: int, src?: string} $image a file reference, a file, or the
     *                                                                    image's address as the page shows it
     * @param string                                              $host  the backend's own host (and port)
     *
     * @throws ImageRefused
     */
    public function read(array $image, BackendUserAuthentication $user, string $host): ImageData;
}
