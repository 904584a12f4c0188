<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use TYPO3\CMS\Core\Cache\Frontend\FrontendInterface;

/** A cache for one process (the unit tests); {@see FileCache} shares one between server workers. */
final class MemoryCache implements FrontendInterface
{
    /** @var array<string, mixed> */
    public array $entries = [];

    public function set($entryIdentifier, $data, array $tags = [], $lifetime = null)
    {
        $this->entries[$entryIdentifier] = $data;
    }

    public function get($entryIdentifier)
    {
        return $this->entries[$entryIdentifier] ?? false;
    }

    public function has($entryIdentifier)
    {
        return isset($this->entries[$entryIdentifier]);
    }

    public function remove($entryIdentifier)
    {
        unset($this->entries[$entryIdentifier]);

        return true;
    }
}
