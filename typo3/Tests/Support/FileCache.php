<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use TYPO3\CMS\Core\Cache\Frontend\FrontendInterface;

/**
 * A cache in a folder, shared by the test server's workers: the stand-in for TYPO3's database backend,
 * so a cancel handled by one worker reaches a run streaming from another, as on a load-balanced site.
 */
final class FileCache implements FrontendInterface
{
    public function __construct(private readonly string $folder)
    {
        if (!is_dir($folder)) {
            @mkdir($folder, 0700, true);
        }
    }

    public function set($entryIdentifier, $data, array $tags = [], $lifetime = null)
    {
        $file = $this->file($entryIdentifier);
        file_put_contents($file . '.tmp', serialize($data), LOCK_EX);
        rename($file . '.tmp', $file);
    }

    public function get($entryIdentifier)
    {
        $raw = @file_get_contents($this->file($entryIdentifier));

        return $raw === false ? false : unserialize($raw, ['allowed_classes' => false]);
    }

    public function has($entryIdentifier)
    {
        return is_file($this->file($entryIdentifier));
    }

    public function remove($entryIdentifier)
    {
        return @unlink($this->file($entryIdentifier));
    }

    private function file(string $entryIdentifier): string
    {
        return $this->folder . '/' . preg_replace('/[^A-Za-z0-9_-]/', '_', $entryIdentifier);
    }
}
