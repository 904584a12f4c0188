<?php

declare(strict_types=1);

use AskAiDialog\AskAi\Controller\AskAiController;
use AskAiDialog\AskAi\Controller\RoutesController;

/*
 * The dialog's routes (CONTRACT.md). TYPO3 publishes each, with its CSRF token, in
 * TYPO3.settings.ajaxUrls[<id>] for a logged-in backend user; the dialog uses those URLs as they are.
 * `ask_ai_routes` is public: it answers the others' URLs for the current session after a new login.
 */
return [
    'ask_ai_tools' => [
        'path' => '/ask-ai/tools',
        'methods' => ['GET'],
        'target' => AskAiController::class . '::toolsAction',
    ],
    'ask_ai_run' => [
        'path' => '/ask-ai/run',
        'methods' => ['POST'],
        'target' => AskAiController::class . '::runAction',
    ],
    'ask_ai_cancel' => [
        'path' => '/ask-ai/cancel',
        'methods' => ['POST'],
        'target' => AskAiController::class . '::cancelAction',
    ],
    'ask_ai_tasks' => [
        'path' => '/ask-ai/tasks',
        'methods' => ['GET'],
        'target' => AskAiController::class . '::tasksAction',
    ],
    'ask_ai_routes' => [
        'path' => '/ask-ai/routes',
        'methods' => ['GET'],
        'access' => 'public',
        'target' => RoutesController::class . '::routesAction',
    ],
    'ask_ai_outcome' => [
        'path' => '/ask-ai/outcome',
        'methods' => ['POST'],
        'target' => AskAiController::class . '::outcomeAction',
    ],
];
