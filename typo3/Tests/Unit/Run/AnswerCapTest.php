<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\AnswerCap;
use PHPUnit\Framework\TestCase;

final class AnswerCapTest extends TestCase
{
    public function testKeepsTheAnswerUpToItsLimitOnAWholeCharacterAndSaysItWasCut(): void
    {
        $cap = new AnswerCap(5);

        self::assertSame('ab', $cap->take('ab'));
        self::assertFalse($cap->wasCut());
        self::assertSame('c😀ä', $cap->take('c😀äöü'), 'an emoji is one character, never half of one');
        self::assertTrue($cap->wasCut());
        self::assertSame('', $cap->take('more'));
    }

    public function testTheDialogsOwnLimitIsTheServers(): void
    {
        self::assertSame(2_000_000, AnswerCap::CHARACTERS);
    }

    public function testALongChunkGoesAsSeveralDeltasOfWholeCharacters(): void
    {
        $text = str_repeat('é', AnswerCap::DELTA_CHARACTERS * 2 + 3);
        $pieces = AnswerCap::pieces($text);

        self::assertCount(3, $pieces);
        self::assertSame($text, implode('', $pieces));
        self::assertSame([], AnswerCap::pieces(''));
    }
}
