<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Http;

use AskAiDialog\AskAi\Http\Refusal;
use AskAiDialog\AskAi\Http\RequestBody;
use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Localization\Labels;
use GuzzleHttp\Psr7\ServerRequest;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/** The run body, read with its cap and validated field by field (CONTRACT.md §2). */
final class RunRequestTest extends TestCase
{
    private const VALID = ['prompt' => 'Summarise this.', 'tools' => ['get_page_content'], 'stream' => true, 'requestId' => 'b1f0c3aa-1d2e-4f00-9a8b-0123456789ab'];

    /** @return array<string, array{0: string, 1: string}> body, words the message must contain */
    public static function malformedBodies(): array
    {
        $with = static fn(array $change): string => json_encode(array_merge(self::VALID, $change), JSON_THROW_ON_ERROR);
        $without = static function (string $key): string {
            $body = self::VALID;
            unset($body[$key]);

            return json_encode($body, JSON_THROW_ON_ERROR);
        };

        return [
            'not JSON' => ['{"prompt": "x",', 'not valid JSON'],
            'a lone surrogate' => ['{"prompt":"\ud83d","tools":[]}', 'not valid JSON'],
            'a list' => ['["prompt"]', 'JSON object'],
            'a string' => ['"prompt"', 'JSON object'],
            'no prompt' => [$without('prompt'), '"prompt"'],
            'a blank prompt' => [$with(['prompt' => "  \n"]), '"prompt"'],
            'a prompt that is a number' => [$with(['prompt' => 42]), '"prompt"'],
            'a prompt too long' => [$with(['prompt' => str_repeat('a', RunRequest::PROMPT_LIMIT + 1)]), '"prompt" is longer than 20000'],
            'no tools' => [$without('tools'), '"tools" is required'],
            'tools null' => [$with(['tools' => null]), '"tools"'],
            'tools an object' => [$with(['tools' => ['a' => 'get_page_content']]), '"tools"'],
            'tools with a number' => [$with(['tools' => ['get_page_content', 7]]), '"tools"'],
            'tools with an empty name' => [$with(['tools' => ['']]), '"tools"'],
            'stream a string' => [$with(['stream' => 'yes']), '"stream"'],
            'a configuration that is a list' => [$with(['configuration' => ['default']]), '"configuration"'],
            'a blank configuration' => [$with(['configuration' => ' ']), '"configuration"'],
            'a requestId with spaces' => [$with(['requestId' => 'a b']), '"requestId"'],
            'a context that is a list' => [$with(['context' => ['x']]), '"context"'],
            'a selection that is a number' => [$with(['context' => ['selection' => 5]]), '"context.selection"'],
            'a document too long' => [$with(['context' => ['document' => str_repeat('ä', RunRequest::CONTEXT_TEXT_LIMIT + 1)]]), '"context.document" is longer'],
            'a negative record uid' => [$with(['context' => ['recordUid' => -1]]), '"context.recordUid"'],
            'a record uid that is a word' => [$with(['context' => ['recordUid' => 'twelve']]), '"context.recordUid"'],
            'a note that is a list' => [$with(['direction' => ['x']]), '"direction"'],
            'a note too long' => [$with(['direction' => str_repeat('a', RunRequest::DIRECTION_LIMIT + 1)]), '"direction" is longer than 2000'],
            'an image that is a URL string' => [$with(['image' => 'https://x/y.png']), '"image"'],
            'an image naming two' => [$with(['image' => ['fileReference' => 1, 'file' => 2]]), '"image"'],
            'an image naming none' => [$with(['image' => ['url' => '/x.png']]), '"image"'],
            'an image with a negative uid' => [$with(['image' => ['fileReference' => -4]]), '"image"'],
            'more than 200 tools' => [$with(['tools' => array_map(static fn(int $i): string => 'tool_' . $i, range(1, 201))]), '"tools"'],
        ];
    }

    /** @dataProvider malformedBodies */
    #[DataProvider('malformedBodies')]
    public function testRefusesAMalformedBodyWithAMessageNamingTheField(string $body, string $expected): void
    {
        try {
            self::read($body);
            self::fail('The body was accepted.');
        } catch (Refusal $invalid) {
            self::assertSame(400, $invalid->status);
            self::assertStringContainsString($expected, $invalid->getMessage());
        }
    }

    public function testReadsAValidBodyAndIgnoresUnknownFields(): void
    {
        $request = self::read(json_encode(self::VALID + [
            'configuration' => 'eu-hosted',
            'context' => ['selection' => 'Hello.', 'recordTable' => 'tt_content', 'recordUid' => '12', 'recordField' => 'bodytext', 'future' => ['x' => 1], 'document' => ''],
            'somethingNew' => true,
        ], JSON_THROW_ON_ERROR));

        self::assertSame('eu-hosted', $request->configuration);
        self::assertSame('Summarise this.', $request->prompt);
        self::assertSame(['get_page_content'], $request->tools);
        self::assertTrue($request->stream);
        self::assertSame(self::VALID['requestId'], $request->requestId);
        self::assertSame(['selection' => 'Hello.', 'recordTable' => 'tt_content', 'recordField' => 'bodytext', 'recordUid' => 12], $request->context);
    }

    public function testReadsTheImageAnAltTextIsForAndTheEditorsNote(): void
    {
        self::assertSame(['fileReference' => 7], self::read(json_encode(self::VALID + ['image' => ['fileReference' => 7]], JSON_THROW_ON_ERROR))->image);
        self::assertSame(['src' => '/fileadmin/a.png'], self::read(json_encode(self::VALID + ['image' => ['src' => '/fileadmin/a.png']], JSON_THROW_ON_ERROR))->image);
        self::assertSame('Keep the date.', self::read(json_encode(self::VALID + ['direction' => '  Keep the date. '], JSON_THROW_ON_ERROR))->direction);
        self::assertNull(self::read(json_encode(self::VALID + ['direction' => '   '], JSON_THROW_ON_ERROR))->direction);
    }

    public function testABodyPastTheLargestLegalRequestIs413BeforeItIsReadWholeOrDecoded(): void
    {
        $labels = Labels::english();
        $huge = new ServerRequest('POST', '/run', ['Content-Length' => (string)(RequestBody::RUN_LIMIT_BYTES + 1)], 'not even json');
        $undeclared = new ServerRequest('POST', '/run', [], str_repeat(' ', RequestBody::RUN_LIMIT_BYTES + 1));
        foreach ([$huge, $undeclared] as $request) {
            try {
                (new RequestBody($labels))->object($request, RequestBody::RUN_LIMIT_BYTES);
                self::fail('The body was read.');
            } catch (Refusal $refusal) {
                self::assertSame(413, $refusal->status);
            }
        }
        // The largest legal request still fits: every text at its limit, escaped at its widest.
        $largest = json_encode([
            'prompt' => str_repeat("\x01", RunRequest::PROMPT_LIMIT),
            'direction' => str_repeat("\x01", RunRequest::DIRECTION_LIMIT),
            'context' => array_fill_keys(['selection', 'selectionMarkdown', 'document', 'previousAnswer', 'previousInstruction'], str_repeat("\x01", RunRequest::CONTEXT_TEXT_LIMIT)),
        ] + self::VALID, JSON_THROW_ON_ERROR);
        self::assertLessThanOrEqual(RequestBody::RUN_LIMIT_BYTES, strlen($largest));
        self::assertSame(RunRequest::PROMPT_LIMIT, mb_strlen(self::read($largest)->prompt));
    }

    public function testAnEmptyToolListIsNoToolsAndAnEmptyContextIsNoContext(): void
    {
        $request = self::read('{"prompt":"Hi","tools":[],"context":[]}');

        self::assertSame([], $request->tools);
        self::assertSame([], $request->context);
        self::assertNull($request->configuration);
        self::assertNull($request->requestId);
    }

    public function testStreamsOnlyWhenAskedAndTheClientTakesNdjson(): void
    {
        $body = json_encode(self::VALID, JSON_THROW_ON_ERROR);

        self::assertTrue(self::read($body, 'application/x-ndjson, application/json')->stream);
        self::assertFalse(self::read($body, 'application/json')->stream);
        self::assertFalse(self::read(json_encode(['stream' => false] + self::VALID, JSON_THROW_ON_ERROR))->stream);
    }

    private static function read(string $body, string $accept = 'application/x-ndjson'): RunRequest
    {
        $labels = Labels::english();

        return RunRequest::fromArray((new RequestBody($labels))->object(new ServerRequest('POST', '/run', [], $body), RequestBody::RUN_LIMIT_BYTES), $accept, $labels);
    }
}
