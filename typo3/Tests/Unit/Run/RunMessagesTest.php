<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Http\RunRequest;
use AskAiDialog\AskAi\Localization\Labels;
use AskAiDialog\AskAi\Run\RunMessages;
use Netresearch\NrLlm\Domain\ValueObject\ChatMessage;
use PHPUnit\Framework\TestCase;

final class RunMessagesTest extends TestCase
{
    public function testTheEditorsNoteOnATaskFollowsItsInstruction(): void
    {
        $messages = RunMessages::for(RunRequest::fromArray(['prompt' => 'Summarise this.', 'direction' => 'For children.', 'tools' => [], 'context' => ['selection' => 'Text.']], 'application/json', Labels::english()));

        self::assertStringStartsWith("Summarise this.\n\nThe editor adds: For children.\n\nThe selected text", $messages[0]->content);
    }

    public function testATaskIsOneUserMessageWithTheInstructionAndTheTextItIsAbout(): void
    {
        $messages = RunMessages::for(RunRequest::fromArray([
            'prompt' => 'Summarise this.',
            'tools' => [],
            'context' => ['selection' => 'The garden opens.', 'document' => 'Intro. The garden opens.', 'recordTable' => 'tt_content', 'recordUid' => 12, 'recordField' => 'bodytext', 'contentLanguage' => 'de'],
        ], 'application/json', Labels::english()));

        self::assertCount(1, $messages);
        self::assertTrue($messages[0]->isUser());
        $text = $messages[0]->content;
        self::assertStringStartsWith('Summarise this.', $text);
        self::assertStringContainsString("The selected text:\n<<<\nThe garden opens.\n>>>", $text);
        self::assertStringContainsString("The whole field:\n<<<\nIntro. The garden opens.\n>>>", $text);
        self::assertStringContainsString('tt_content:12, field bodytext', $text);
        self::assertStringContainsString('"de"', $text);
    }

    public function testTheSelectionsMarkdownIsSentInsteadOfItsPlainText(): void
    {
        $messages = RunMessages::for(RunRequest::fromArray(['prompt' => 'Fix it.', 'tools' => [], 'context' => ['selection' => 'A list', 'selectionMarkdown' => "- A\n- list"]], 'application/json', Labels::english()));

        self::assertStringContainsString("(markdown):\n<<<\n- A\n- list\n>>>", $messages[0]->content);
        self::assertStringNotContainsString('The selected text:', $messages[0]->content);
    }

    public function testARefinementIsASecondTurnOnTheAnswerItRefines(): void
    {
        $messages = RunMessages::for(RunRequest::fromArray([
            'prompt' => 'Make it shorter.',
            'tools' => [],
            'context' => ['selection' => 'Source.', 'previousAnswer' => 'The first answer.', 'previousInstruction' => 'Summarise this.'],
        ], 'application/json', Labels::english()));

        self::assertSame(['user', 'assistant', 'user'], array_map(static fn(ChatMessage $m): string => $m->role, $messages));
        self::assertStringStartsWith('Summarise this.', $messages[0]->content);
        self::assertStringContainsString('Source.', $messages[0]->content);
        self::assertSame('The first answer.', $messages[1]->content);
        self::assertSame('Make it shorter.', $messages[2]->content);
    }
}
