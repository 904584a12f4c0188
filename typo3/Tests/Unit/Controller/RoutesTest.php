<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Controller;

use AskAiDialog\AskAi\Tests\Support\SimulatedSite;
use AskAiDialog\AskAi\Tests\Support\SiteTestCase;
use GuzzleHttp\Psr7\ServerRequest;
use PHPUnit\Framework\Attributes\DataProvider;
use TYPO3\CMS\Core\Http\NullResponse;

/** The routes end to end through the real controller (built from Services.yaml), on the simulated site. */
final class RoutesTest extends SiteTestCase
{
    /** @return array<string, array{0: string}> */
    public static function actions(): array
    {
        return ['tools' => ['toolsAction'], 'run' => ['runAction'], 'cancel' => ['cancelAction'], 'outcome' => ['outcomeAction'], 'tasks' => ['tasksAction']];
    }

    /** @dataProvider actions */
    #[DataProvider('actions')]
    public function testWithoutAUserEveryRouteAnswers401AndNothingRuns(string $action): void
    {
        SimulatedSite::logIn(null);

        $this->assertError(401, 'session has expired', $this->site->controller->{$action}($this->post(['prompt' => 'x', 'tools' => [], 'requestId' => 'r'])));
        self::assertSame([], $this->site->runtime->journal);
        self::assertSame([], $this->site->chat->calls);
    }

    /** @dataProvider actions */
    #[DataProvider('actions')]
    public function testWithoutNrLlmsGrantEveryRouteAnswers403NamingThePermissionAsTypo3ShowsIt(string $action): void
    {
        SimulatedSite::logIn('no-grant');

        $this->assertError(403, '"Execute AI tasks"', $this->site->controller->{$action}($this->post(['prompt' => 'x', 'tools' => [], 'requestId' => 'r'])));
        self::assertSame([], $this->site->chat->calls);
    }

    public function testToolsAnswersTheContractsEnvelopeForTheRequestedConfiguration(): void
    {
        $response = $this->site->controller->toolsAction((new ServerRequest('GET', '/tools'))->withQueryParams(['configuration' => 'content-only']));
        $body = $this->json($response, 200);

        self::assertSame('application/json; charset=utf-8', $response->getHeaderLine('Content-Type'));
        self::assertTrue($body['success']);
        self::assertSame('content-only', $body['configuration']);
        self::assertSame(['content', 'rag'], array_values(array_unique(array_column($body['tools'], 'group'))));
        self::assertContains('get_page_content', $body['unattended']);
    }

    public function testWithoutAConfigurationTheToolsAreNrLlmsDefaults(): void
    {
        $body = $this->json($this->site->controller->toolsAction(new ServerRequest('GET', '/tools')), 200);

        self::assertSame('default', $body['configuration']);
    }

    public function testAnUnknownOrHiddenConfigurationIs404AndOneTheUserMayNotUseIs403(): void
    {
        $this->assertError(404, '"nope" does not exist', $this->site->controller->toolsAction((new ServerRequest('GET', '/tools'))->withQueryParams(['configuration' => 'nope'])));
        $this->assertError(403, '"private"', $this->runTask(['configuration' => 'private', 'prompt' => 'x']));
        $site = $this->makeSite(hidden: ['content-only']);
        $this->assertError(404, '"content-only"', $site->controller->runAction($this->post(['configuration' => 'content-only', 'prompt' => 'x', 'tools' => []])));
        self::assertSame([], $this->site->chat->calls);
    }

    public function testAMalformedRunIs400AndNothingRuns(): void
    {
        $this->assertError(400, '"tools" is required', $this->site->controller->runAction($this->post(['prompt' => 'Summarise.'])));
        $this->assertError(400, 'not valid JSON', $this->site->controller->runAction(new ServerRequest('POST', '/run', [], '{"prompt":')));
        self::assertSame([], $this->site->runtime->journal);
        self::assertFalse($this->output->opened);
    }

    public function testARunWithoutToolsStreamsTheAnswerAsDeltasThroughNrLlmsStreamingChat(): void
    {
        $response = $this->runTask([
            'prompt' => 'Summarise.',
            'context' => ['selection' => 'The reading garden opens in June. Entry is free. Bring a book.'],
            'requestId' => 'req-1',
        ]);

        self::assertInstanceOf(NullResponse::class, $response);
        self::assertTrue($this->output->opened);
        foreach ($this->output->lines as $line) {
            self::assertGreaterThanOrEqual(4096, strlen($line));
        }
        $names = $this->output->names();
        self::assertSame('heartbeat', $names[0], 'the first line says the server has the run');
        self::assertSame('done', end($names));
        $deltas = array_column(array_filter($this->output->events(), static fn(array $e): bool => $e['event'] === 'delta'), 'text');
        self::assertGreaterThan(3, count($deltas));
        self::assertSame('The reading garden opens in June. Entry is free.', implode('', $deltas));
        self::assertSame('The reading garden opens in June. Entry is free.', $this->terminal()['finalContent']);
        self::assertSame([], $this->site->runtime->journal, 'no agent run');
        self::assertSame(2, $this->site->chat->calls[0]['owner'], 'the editor is nr-llm’s budget owner');
        self::assertSame($this->site->chat->calls[0]['correlationId'], $this->terminal()['correlationId']);
    }

    public function testTheClientsToolListIsARequestNarrowedOnTheServerAndARunWithToolsGoesThroughTheAgentRuntime(): void
    {
        $this->runTask([
            'prompt' => 'Summarise.',
            'tools' => ['update_page_metadata', 'get_page_content', 'get_system_status', 'ask_editor_for_tone', 'read_web_page', 'partner_glossary_lookup'],
        ]);

        self::assertSame(['get_page_content', 'partner_glossary_lookup'], $this->site->runtime->journal[0]['allowedToolNames']);
        self::assertSame([], $this->site->chat->calls);
        self::assertContains('started', $this->output->names());
        self::assertNotContains('delta', $this->output->names(), 'the agent runtime does not stream the model');
    }

    public function testToolsThatNarrowToNoneStreamWithoutTools(): void
    {
        $this->runTask(['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two. Three.'], 'tools' => ['update_page_metadata', 'nope']]);

        self::assertSame([], $this->site->runtime->journal);
        self::assertCount(1, $this->site->chat->calls);
    }

    public function testAnUnstreamedRunIsOneJsonBodyWithStatusAndSteps(): void
    {
        $request = $this->post(['prompt' => 'Summarise.', 'context' => ['selection' => 'One. Two. Three.'], 'tools' => ['get_page_content'], 'stream' => false]);
        $body = $this->json($this->site->controller->runAction($request), 200);

        self::assertSame('completed', $body['status']);
        self::assertSame('One. Two.', $body['finalContent']);
        self::assertSame('request', $body['steps'][0]['kind']);
        self::assertFalse($this->output->opened);
    }

    public function testAnEditorsNoteOnATaskReachesTheModelWithTheTask(): void
    {
        $this->runTask(['prompt' => 'Shorten this text.', 'direction' => 'Keep the date.', 'context' => ['selection' => 'One. Two.']]);

        self::assertStringContainsString("Shorten this text.\n\nThe editor adds: Keep the date.", $this->site->chat->calls[0]['messages'][0]['content']);
    }

    public function testAnExceptionIsLoggedAndAnsweredWithASentenceNeverItsOwnText(): void
    {
        $this->site->tasks->failure = new \RuntimeException('SQLSTATE[HY000] /var/www/site/config/system/settings.php password=hunter2');

        $response = $this->site->controller->tasksAction(new ServerRequest('GET', '/tasks'));

        $body = $this->assertError(500, 'could not answer', $response);
        self::assertStringNotContainsString('hunter2', (string)json_encode($body));
        self::assertStringNotContainsString('settings.php', (string)json_encode($body));
        $failure = $this->site->tasks->failure;
        $logged = array_filter($this->site->logger->records, static fn(array $r): bool => ($r['context']['exception'] ?? null) === $failure);
        self::assertCount(1, $logged, 'the exception is in the system log');
    }

    public function testListsTheNrLlmTasksTheEditorMayRunAsPresets(): void
    {
        $body = $this->json($this->site->controller->tasksAction(new ServerRequest('GET', '/tasks')), 200);

        // Not the one on a configuration denied to the user; each saying how its answer is used.
        self::assertSame([
            ['id' => 'nr-llm-task-11', 'label' => 'Teaser in 160 characters', 'prompt' => 'Write a teaser of at most 160 characters for this text.', 'task' => 11, 'use' => 'insert'],
            ['id' => 'nr-llm-task-12', 'label' => 'Key points as a list', 'prompt' => 'List the key points of this text.', 'task' => 12, 'use' => 'insert'],
            ['id' => 'nr-llm-task-13', 'label' => 'Rewrite in plain language', 'prompt' => 'Rewrite this text in plain language.', 'task' => 13, 'use' => 'replace'],
        ], $body['presets']);
        self::assertSame('beside', $body['placement']);
        self::assertSame([], $this->json($this->makeSite(['taskPresets' => 'off'])->controller->tasksAction(new ServerRequest('GET', '/tasks')), 200)['presets']);
    }

    public function testATaskPresetRunsThroughNrLlmsTaskExecutionOnTheSelectionWithoutTools(): void
    {
        $this->runTask([
            'prompt' => 'List the key points of this text.',
            'task' => 12,
            'context' => ['selection' => 'One. Two.', 'selectionMarkdown' => '**One.** Two.', 'document' => 'Zero. One. Two.'],
            'tools' => ['get_page_content'],
        ]);

        self::assertSame(['heartbeat', 'step', 'done'], $this->output->names());
        self::assertSame(12, $this->site->tasks->calls[0]['task']);
        self::assertSame('**One.** Two.', $this->site->tasks->calls[0]['input']);
        self::assertSame(2, $this->site->tasks->calls[0]['user']);
        self::assertSame($this->site->tasks->calls[0]['correlationId'], $this->terminal()['correlationId']);
        self::assertSame([], $this->site->runtime->journal, 'no agent run, no tools');
    }

    public function testATaskNotForThisEditorIsRefusedAndATaskTakesNoNote(): void
    {
        $this->assertError(404, 'does not exist', $this->runTask(['prompt' => 'x', 'task' => 99]));
        $this->assertError(404, 'not for you', $this->runTask(['prompt' => 'x', 'task' => 15]));
        $this->assertError(400, '"task"', $this->runTask(['prompt' => 'x', 'task' => -3]));
        $this->assertError(400, 'take no note', $this->runTask(['prompt' => 'x', 'task' => 11, 'direction' => 'Make it funny.']));
        self::assertSame([], $this->site->tasks->calls);
    }

    public function testAnAltTextIsWrittenFromTheImageInTheRecordsLanguage(): void
    {
        $this->runTask(['prompt' => 'Alt text', 'image' => ['fileReference' => 1], 'context' => ['contentLanguage' => 'de']]);

        self::assertSame('Ein weiß-roter Leuchtturm am Ende einer Mole, dahinter blauer Himmel.', $this->terminal()['finalContent']);
        self::assertSame(289, $this->site->images->described[0]['bytes'], 'the image itself reached the model');
        self::assertStringContainsString('German', $this->site->images->described[0]['instruction']);
        self::assertArrayNotHasKey('correlationId', $this->terminal(), 'nr-llm’s vision call is not traced: no rating');
        self::assertSame([], $this->site->chat->calls);
    }

    public function testAnImageThatIsNotTheEditorsOrNotOursIsRefusedAndNothingIsSent(): void
    {
        $this->assertError(403, 'may not read', $this->runTask(['prompt' => 'Alt text', 'image' => ['fileReference' => 2]]));
        $this->assertError(404, 'not found', $this->runTask(['prompt' => 'Alt text', 'image' => ['fileReference' => 99]]));
        $this->assertError(400, 'stored on this site', $this->runTask(['prompt' => 'Alt text', 'image' => ['src' => 'https://elsewhere.example/x.png']]));
        $this->assertError(400, 'one image', $this->runTask(['prompt' => 'Alt text', 'image' => ['fileReference' => 1, 'src' => '/x.png']]));
        self::assertSame([], $this->site->images->described);
        self::assertFalse($this->output->opened);
    }

    public function testWithoutAModelThatSeesImagesNoAltTextIsGuessed(): void
    {
        $site = $this->makeSite(vision: false);

        $this->assertError(422, 'can see images', $site->controller->runAction($this->post(['prompt' => 'Alt text', 'image' => ['fileReference' => 1], 'tools' => []])));
        self::assertSame([], $site->images->described);
        self::assertSame([], $site->chat->calls);
    }
}
