<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Http;

use AskAiDialog\AskAi\Http\InvalidRunRequest;
use AskAiDialog\AskAi\Http\RunRequest;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

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
        ];
    }

    /** @dataProvider malformedBodies */
    #[DataProvider('malformedBodies')]
    public function testRefusesAMalformedBodyWithAMessageNamingTheField(string $body, string $expected): void
    {
        try {
            RunRequest::fromJson($body);
            self::fail('The body was accepted.');
        } catch (InvalidRunRequest $invalid) {
            self::assertStringContainsString($expected, $invalid->getMessage());
        }
    }

    public function testReadsAValidBodyAndIgnoresUnknownFields(): void
    {
        $request = RunRequest::fromJson(json_encode(self::VALID + [
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

    public function testAnEmptyToolListIsNoToolsAndAnEmptyContextIsNoContext(): void
    {
        $request = RunRequest::fromJson('{"prompt":"Hi","tools":[],"context":[]}');

        self::assertSame([], $request->tools);
        self::assertSame([], $request->context);
        self::assertNull($request->configuration);
        self::assertNull($request->requestId);
    }

    public function testStreamsOnlyWhenAskedAndTheClientTakesNdjson(): void
    {
        $body = json_encode(self::VALID, JSON_THROW_ON_ERROR);

        self::assertTrue(RunRequest::fromJson($body, 'application/x-ndjson, application/json')->stream);
        self::assertFalse(RunRequest::fromJson($body, 'application/json')->stream);
        self::assertFalse(RunRequest::fromJson(json_encode(['stream' => false] + self::VALID, JSON_THROW_ON_ERROR))->stream);
    }
}
