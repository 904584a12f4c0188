<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Controller;

use AskAiDialog\AskAi\Controller\RoutesController;
use AskAiDialog\AskAi\Rte\RichTextConfiguration;
use AskAiDialog\AskAi\Tests\Support\SimulatedRouteUrls;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tests\Support\SiteTestCase;
use GuzzleHttp\Psr7\ServerRequest;

/**
 * `ask_ai_routes`: after the session expired and the editor logged in again, the dialog asks this public
 * route for the other routes' URLs with the new session's tokens. Reached without a session it answers 401
 * as JSON (TYPO3 13.4 itself answers such a request with a 302 to its login first: the real-TYPO3 test
 * pins that), without nr-llm's grant 403, and never names itself.
 */
final class RouteUrlsTest extends SiteTestCase
{
    private function routes(): RoutesController
    {
        $controller = $this->site->container->get(RoutesController::class);
        self::assertInstanceOf(RoutesController::class, $controller);

        return $controller;
    }

    public function testAnswersTheOtherRoutesUrlsForTheCurrentSession(): void
    {
        SimulatedRouteUrls::$session = 1;
        $first = $this->json($this->routes()->routesAction(new ServerRequest('GET', '/routes')), 200)['routes'];
        SimulatedRouteUrls::$session = 2;
        $response = $this->routes()->routesAction(new ServerRequest('GET', '/routes'));
        $second = $this->json($response, 200)['routes'];

        self::assertSame(['ask_ai_tools', 'ask_ai_run', 'ask_ai_cancel', 'ask_ai_outcome'], array_keys($second));
        self::assertArrayNotHasKey(RichTextConfiguration::ROUTES['routes'], $second);
        self::assertNotSame($first['ask_ai_run'], $second['ask_ai_run'], 'a new session, new tokens');
        self::assertSame('no-store', $response->getHeaderLine('Cache-Control'));
    }

    public function testWithoutASessionItAnswers401AsJson(): void
    {
        SimulatedSite::logIn(null);

        $response = $this->routes()->routesAction(new ServerRequest('GET', '/routes'));
        $this->assertError(401, 'Not logged in', $response);
        self::assertSame('application/json; charset=utf-8', $response->getHeaderLine('Content-Type'));
    }

    public function testWithoutNrLlmsGrantItAnswers403(): void
    {
        SimulatedSite::logIn('no-grant');

        $this->assertError(403, 'not allowed', $this->routes()->routesAction(new ServerRequest('GET', '/routes')));
    }
}
