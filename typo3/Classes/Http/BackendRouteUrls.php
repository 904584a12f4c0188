<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

use TYPO3\CMS\Backend\Routing\UriBuilder;

/** TYPO3's own URL of a backend route, as it publishes it in `TYPO3.settings.ajaxUrls`. */
final class BackendRouteUrls implements RouteUrlsInterface
{
    public function __construct(private readonly UriBuilder $uris)
    {
    }

    public function urlOf(string $route): string
    {
        return (string)$this->uris->buildUriFromRoute($route);
    }
}
