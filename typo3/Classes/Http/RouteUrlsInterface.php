<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

/** The URL of one of the dialog's backend routes for the current session (its token included). */
interface RouteUrlsInterface
{
    public function urlOf(string $route): string;
}
