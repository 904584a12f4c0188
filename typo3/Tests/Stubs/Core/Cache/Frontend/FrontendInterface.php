<?php

declare(strict_types=1);

namespace TYPO3\CMS\Core\Cache\Frontend;

/** Stand-in (tests only): the four methods of TYPO3's cache frontend that the run ledger calls. */
interface FrontendInterface
{
    public function set($entryIdentifier, $data, array $tags = [], $lifetime = null);

    public function get($entryIdentifier);

    public function has($entryIdentifier);

    public function remove($entryIdentifier);
}
