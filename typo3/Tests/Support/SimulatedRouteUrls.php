<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use AskAiDialog\AskAi\Http\RouteUrlsInterface;
use RuntimeException;

/**
 * Route URLs as TYPO3 writes them, each with a token of the current "session" (a counter here). Only
 * the names TYPO3's router knows: the backend routes by their name, the AJAX routes of
 * `Configuration/Backend/AjaxRoutes.php` by `ajax_` and their name (as TYPO3 registers them); any
 * other name throws, as TYPO3's UriBuilder does (RouteNotFoundException).
 */
final class SimulatedRouteUrls implements RouteUrlsInterface
{
    public static int $session = 1;

    public function urlOf(string $route): string
    {
        if ($route === 'login') {
            return '/typo3/login';
        }
        $ajax = array_keys(require __DIR__ . '/../../Configuration/Backend/AjaxRoutes.php');
        if (!str_starts_with($route, 'ajax_') || !in_array(substr($route, 5), $ajax, true)) {
            throw new RuntimeException('Unable to generate a URL for the named route "' . $route . '" because this route was not found.', 1476050190);
        }

        return '/typo3/ajax/' . str_replace('_', '/', substr($route, 5)) . '?token=' . sha1($route . '|' . self::$session);
    }
}
