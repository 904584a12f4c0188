<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Http;

/** The URL of one of the dialog's backend routes for the current session (its token included). */
interface RouteUrlsInterface
{
    /** @param string $route the name TYPO3's router knows: `login`, or `ajax_` and an AJAX route's name */
    public function urlOf(string $route): string;
}
