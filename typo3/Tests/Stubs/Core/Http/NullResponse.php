<?php

declare(strict_types=1);

namespace TYPO3\CMS\Core\Http;

use GuzzleHttp\Psr7\Response;

/** Stand-in (tests only): TYPO3's "already sent, emit nothing" response. */
class NullResponse extends Response {}
