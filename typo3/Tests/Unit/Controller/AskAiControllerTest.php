<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Controller;

use AskAiDialog\AskAi\Tests\Support\MemoryCache;
use AskAiDialog\AskAi\Tests\Support\RecordingLogger;
use AskAiDialog\AskAi\Tests\Support\RecordingOutput;
use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use GuzzleHttp\Psr7\ServerRequest;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Psr\Http\Message\ResponseInterface;
use TYPO3\CMS\Core\Http\NullResponse;

/** The four routes end to end through the real controller, on the simulated site. */
final class AskAiControllerTest extends TestCase
{
    private RecordingOutput $output;

    private RecordingLogger $logger;

    private SimulatedSite $site;

    protected function setUp(): void
    {
        $this->output = new RecordingOutput();
        $this->logger = new RecordingLogger();
        $this->site = new SimulatedSite($this->output, new MemoryCache(), $this->logger, deniedConfigurations: ['private']);
        SimulatedSite::logIn('editor');
    }

    protected function tearDown(): void
    {
        SimulatedSite::logIn(null);
    }

    /** @return array<string, array{0: string}> */
    public static function actions(): array
    {
        return ['tools' => ['toolsAction'], 'run' => ['runAction'], 'cancel' => ['cancelAction'], 'outcome' => ['outcomeAction'], 'tasks' => ['tasksAction']];
    }

    /** @dataProvider actions */
    #[DataProvider('actions')]
    public function testWithoutASessionEveryRouteAnswers401(string $action): void
    {
        SimulatedSite::logIn(null);

        $this->assertError(401, 'session has expired', $this->site->controller->{$action}($this->post(['prompt' => 'x', 'tools' => []])));
        self::assertSame([], $this->site->runtime->journal);
    }

    /** @dataProvider actions */
    #[DataProvider('actions')]
    public function testWithoutNrLlmsGrantEveryRouteAnswers403(string $action): void
    {
        SimulatedSite::logIn('no-grant');

        $this->assertError(403, 'may not use', $this->site->controller->{$action}($this->post(['prompt' => 'x', 'tools' => []])));
        self::assertSame([], $this->site->runtime->journal);
    }

    public function testToolsAnswersTheContractsEnvelopeForTheRequestedConfiguration(): void
    {
        $response = $this->site->controller->toolsAction((new ServerRequest('GET', '/tools'))->withQueryParams(['configuration' => 'content-only']));
        $body = $this->json($response, 200);

        self::assertSame('application/json; charset=utf-8', $response->getHeaderLine('Content-Type'));
        self::assertTrue($body['success']);
        self::assertSame('content-only', $body['configuration']);
        self::assertSame(array_values(array_unique(array_column($body['tools'], 'group'))), ['content', 'rag']);
        self::assertContains('get_page_content', $body['unattended']);
    }

    public function testAnUnknownConfigurationIs404AndOneTheUserMayNotUseIs403(): void
    {
        $this->assertError(404, '"nope" does not exist', $this->site->controller->toolsAction((new ServerRequest('GET', '/tools'))->withQueryParams(['configuration' => 'nope'])));
        $this->assertError(403, '"private"', $this->site->controller->runAction($this->post(['configuration' => 'private', 'prompt' => 'x', 'tools' => []])));
        self::assertSame([], $this->site->runtime->journal);
    }

    public function testAMalformedRunIs400AndNothingRuns(): void
    {
        $this->assertError(400, '"tools" is required', $this->site->controller->runAction($this->post(['prompt' => 'Summarise.'])));
        $this->assertError(400, 'not valid JSON', $this->site->controller->runAction(new ServerRequest('POST', '/run', [], '{"prompt":')));
        self::assertSame([], $this->site->runtime->journal);
        self::assertFalse($this->output->opened);
    }

    public function testTheClientsToolListIsARequestNarrowedOnTheServer(): void
    {
        $this->site->controller->runAction($this->post([
            'prompt' => 'Summarise.',
            'tools' => ['update_page_metadata', 'get_page_content', 'get_system_status', 'ask_editor_for_tone', 'read_web_page', 'partner_glossary_lookup'],
        ]));

        self::assertSame(['get_page_content', 'partner_glossary_lookup'], $this->site->runtime->journal[0]['allowedToolNames']);
    }

    public function testAStreamedRunIsPaddedNdjsonEndingInDoneAndSendsItself(): void
    {
        $response = $this->site->controller->runAction($this->post([
            'prompt' => 'Summarise.',
            'context' => ['selection' => 'The reading garden opens in June. Entry is free. Bring a book.'],
            'tools' => [],
            'requestId' => 'req-1',
        ]));

        self::assertInstanceOf(NullResponse::class, $response);
        self::assertTrue($this->output->opened);
        foreach ($this->output->lines as $line) {
            self::assertGreaterThanOrEqual(4096, strlen($line));
        }
        $events = $this->output->events();
        self::assertSame('done', end($events)['event']);
        self::assertSame('The reading garden opens in June. Entry is free.', end($events)['finalContent']);
    }

    public function testAnUnstreamedRunIsOneJsonBodyWithStatusAndSteps(): void
    {
        $request = $this->post(['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two. Three.'], 'tools' => [], 'stream' => false]);
        $body = $this->json($this->site->controller->runAction($request), 200);

        self::assertSame('completed', $body['status']);
        self::assertSame('One. Two.', $body['finalContent']);
        self::assertSame('request', $body['steps'][0]['kind']);
        self::assertFalse($this->output->opened);
    }

    public function testACancelByRequestIdReachesOnlyTheUsersOwnRun(): void
    {
        $this->site->controller->runAction($this->post(['prompt' => 'x', 'tools' => [], 'requestId' => 'req-7']));
        $runUuid = $this->output->events()[array_key_last($this->output->events())]['runUuid'];

        SimulatedSite::logIn('other-editor');
        self::assertSame(['success' => true, 'cancelled' => false], $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'req-7'])), 200));
        self::assertSame([], $this->site->runtime->cancels);

        SimulatedSite::logIn('editor');
        $this->json($this->site->controller->cancelAction($this->post(['requestId' => 'req-7'])), 200);
        self::assertSame([['actor' => 2, 'runUuid' => $runUuid]], $this->site->runtime->cancels, 'a finished run goes to nr-llm’s own cancel');
    }

    public function testACancelByRunUuidGoesToNrLlmsCancelWithTheActor(): void
    {
        $body = $this->json($this->site->controller->cancelAction($this->post(['runUuid' => 'run-42'])), 200);

        self::assertSame(['success' => true, 'cancelled' => false], $body);
        self::assertSame([['actor' => 2, 'runUuid' => 'run-42']], $this->site->runtime->cancels);
        $this->assertError(400, '"runUuid" or "requestId"', $this->site->controller->cancelAction($this->post(['requestId' => 'a b'])));
    }

    public function testOutcomeRecordsOnlyTheEditorsOwnVerdicts(): void
    {
        self::assertSame(['success' => true, 'outcome' => 'not_helpful'], $this->json($this->site->controller->outcomeAction($this->post(['correlationId' => 'run-1', 'outcome' => 'not_helpful'])), 200));
        $this->assertError(400, 'helpful', $this->site->controller->outcomeAction($this->post(['correlationId' => 'run-1', 'outcome' => 'accepted_unchanged'])));
        $this->assertError(400, 'helpful', $this->site->controller->outcomeAction($this->post(['correlationId' => 'run-1', 'outcome' => 'great'])));
        $this->assertError(400, 'call reference', $this->site->controller->outcomeAction($this->post(['outcome' => 'helpful'])));

        self::assertSame([['correlationId' => 'run-1', 'outcome' => 'not_helpful']], $this->site->outcomes->recorded);
    }

    public function testListsTheNrLlmTasksTheEditorMayRunAsPresets(): void
    {
        $body = $this->json($this->site->controller->tasksAction(new ServerRequest('GET', '/tasks')), 200);

        // Not the system-log task, not the switched-off one, not the one on a configuration denied to the user.
        self::assertSame([
            ['id' => 'nr-llm-task-11', 'label' => 'Teaser in 160 characters', 'prompt' => 'Write a teaser of at most 160 characters for this text.', 'task' => 11],
            ['id' => 'nr-llm-task-12', 'label' => 'Key points as a list', 'prompt' => 'List the key points of this text.', 'task' => 12],
        ], $body['presets']);
        self::assertSame('beside', $body['placement']);
    }

    public function testATaskPresetRunsThroughNrLlmsTaskExecutionOnTheSelectionWithoutTools(): void
    {
        $this->site->controller->runAction($this->post([
            'prompt' => 'List the key points of this text.',
            'task' => 12,
            'context' => ['selection' => 'One. Two.', 'selectionMarkdown' => '**One.** Two.', 'document' => 'Zero. One. Two.'],
            'tools' => ['get_page_content'],
        ]));
        $events = $this->output->events();

        self::assertSame(['step', 'done'], array_column($events, 'event'));
        self::assertSame(12, $this->site->taskExecution->calls[0]['task']);
        self::assertSame('**One.** Two.', $this->site->taskExecution->calls[0]['input']);
        self::assertSame(2, $this->site->taskExecution->calls[0]['user']);
        self::assertSame($this->site->taskExecution->calls[0]['correlationId'], $events[1]['correlationId']);
        self::assertSame([], $this->site->runtime->journal, 'no agent run, no tools');
    }

    public function testATaskThatIsOffOrNotForThisEditorIsRefused(): void
    {
        $this->assertError(404, 'does not exist or is switched off', $this->site->controller->runAction($this->post(['prompt' => 'x', 'task' => 14, 'tools' => []])));
        $this->assertError(404, 'does not exist', $this->site->controller->runAction($this->post(['prompt' => 'x', 'task' => 99, 'tools' => []])));
        $this->assertError(403, 'may not run', $this->site->controller->runAction($this->post(['prompt' => 'x', 'task' => 13, 'tools' => []])));
        $this->assertError(403, 'may not run', $this->site->controller->runAction($this->post(['prompt' => 'x', 'task' => 15, 'tools' => []])));
        $this->assertError(400, '"task"', $this->site->controller->runAction($this->post(['prompt' => 'x', 'task' => -3, 'tools' => []])));
        self::assertSame([], $this->site->taskExecution->calls);
    }

    /** @param array<string, mixed> $body */
    private function post(array $body): ServerRequest
    {
        return new ServerRequest('POST', '/ajax', ['Content-Type' => 'application/json', 'Accept' => 'application/x-ndjson, application/json'], json_encode($body, JSON_THROW_ON_ERROR));
    }

    /** @return array<string, mixed> */
    private function json(ResponseInterface $response, int $status): array
    {
        self::assertSame($status, $response->getStatusCode(), (string)$response->getBody());

        return json_decode((string)$response->getBody(), true, 64, JSON_THROW_ON_ERROR);
    }

    private function assertError(int $status, string $words, ResponseInterface $response): void
    {
        $body = $this->json($response, $status);
        self::assertSame(['success', 'error'], array_keys($body));
        self::assertFalse($body['success']);
        self::assertStringContainsString($words, $body['error']);
    }
}
