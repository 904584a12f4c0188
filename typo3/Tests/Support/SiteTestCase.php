<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Support;

use GuzzleHttp\Psr7\ServerRequest;
use PHPUnit\Framework\TestCase;
use Psr\Http\Message\ResponseInterface;
use Symfony\Component\Clock\MockClock;

/** Tests of the routes end to end, through the real controller, on the simulated site. */
abstract class SiteTestCase extends TestCase
{
    protected RecordingOutput $output;

    protected SimulatedSite $site;

    protected MockClock $clock;

    protected function setUp(): void
    {
        $this->clock = new MockClock('2026-12-02 10:00:00');
        $this->output = new RecordingOutput();
        $this->site = $this->makeSite();
        SimulatedSite::logIn('editor');
    }

    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
    }

    /**
     * @param array<string, mixed> $settings
     * @param list<string> $hidden
     */
    protected function makeSite(array $settings = [], array $hidden = [], bool $vision = true): SimulatedSite
    {
        return new SimulatedSite($this->output, deniedConfigurations: ['private'], settings: $settings, hiddenConfigurations: $hidden, clock: $this->clock, visionAvailable: $vision);
    }

    /** @param array<string, mixed> $body */
    protected function post(array $body, string $accept = 'application/x-ndjson, application/json'): ServerRequest
    {
        return new ServerRequest('POST', 'http://cms.example/typo3/ajax', ['Content-Type' => 'application/json', 'Accept' => $accept], json_encode($body, JSON_THROW_ON_ERROR));
    }

    /** @param array<string, mixed> $body */
    protected function runTask(array $body): ResponseInterface
    {
        return $this->site->controller->runAction($this->post($body + ['tools' => []]));
    }

    /** @return array<string, mixed> */
    protected function json(ResponseInterface $response, int $status): array
    {
        self::assertSame($status, $response->getStatusCode(), (string)$response->getBody());

        return json_decode((string)$response->getBody(), true, 64, JSON_THROW_ON_ERROR);
    }

    /** @return array<string, mixed> the error body */
    protected function assertError(int $status, string $words, ResponseInterface $response): array
    {
        $body = $this->json($response, $status);
        self::assertFalse($body['success']);
        self::assertStringContainsString($words, $body['error']);

        return $body;
    }

    /** @return array<string, mixed> */
    protected function terminal(): array
    {
        $events = $this->output->events();

        return $events[array_key_last($events)];
    }
}
