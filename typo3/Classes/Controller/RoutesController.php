<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Controller;

use AskAiDialog\AskAi\Access\EditorAccess;
use AskAiDialog\AskAi\Http\JsonResponder;
use AskAiDialog\AskAi\Http\RouteUrlsInterface;
use AskAiDialog\AskAi\Rte\RichTextConfiguration;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\ServerRequestInterface;

/**
 * `GET ask_ai_routes`: the dialog's route URLs for the current backend session. TYPO3 signs each AJAX
 * route's URL with a token of the session that issued it, so after the session expired and the editor
 * logged in again (in another tab, or TYPO3's own re-login dialog) the URLs the page was built with keep
 * failing. The route is public — it must answer when the page's tokens no longer do — and gives the new
 * URLs only to a logged-in user, with `no-store`; another site cannot read the answer (no CORS), and
 * TYPO3's backend cookie is not sent with another site's requests (SameSite).
 */
final class RoutesController
{
    public function __construct(
        private readonly EditorAccess $access,
        private readonly RouteUrlsInterface $urls,
        private readonly JsonResponder $json,
    ) {
    }

    public function routesAction(ServerRequestInterface $request): ResponseInterface
    {
        $user = $this->access->currentUser();
        if ($user === null) {
            return $this->json->error('Not logged in.', 401);
        }
        if (!$this->access->mayUse($user)) {
            return $this->json->error('You are not allowed to use AI tasks.', 403);
        }
        $routes = [];
        foreach (RichTextConfiguration::ROUTES as $id) {
            if ($id !== RichTextConfiguration::ROUTES['routes']) {
                // TYPO3 registers the routes of AjaxRoutes.php under `ajax_` and their name.
                $routes[$id] = $this->urls->urlOf('ajax_' . $id);
            }
        }

        return $this->json->json(['success' => true, 'routes' => $routes]);
    }
}
