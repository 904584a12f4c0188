<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Http\RouteUrlsInterface;

/** Route URLs as TYPO3 writes them, each with a token of the current "session" (a counter here). */
final class SimulatedRouteUrls implements RouteUrlsInterface
{
    public static int $session = 1;

    public function urlOf(string $route): string
    {
        return '/typo3/ajax/' . str_replace('_', '/', $route) . '?token=' . sha1($route . '|' . self::$session);
    }
}
