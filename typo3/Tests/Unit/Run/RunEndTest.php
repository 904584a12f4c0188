<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Run;

use AskAiDialog\AskAi\Run\Failure;
use AskAiDialog\AskAi\Run\RunEnd;
use AskAiDialog\AskAi\Run\RunWatch;
use PHPUnit\Framework\TestCase;

/**
 * How a run path ended, as the envelope records it: nr-llm's run uuid only where there is one (an empty
 * uuid is none, so no record points at a run that is not there), and the id an answer is rated by only
 * from a `done` event that carries one.
 */
final class RunEndTest extends TestCase
{
    public function testAnEmptyRunUuidIsNone(): void
    {
        $ends = [
            'an answer' => static fn (?string $uuid) => RunEnd::with(['event' => 'done'], $uuid),
            'a stop' => static fn (?string $uuid) => RunEnd::stopped(RunWatch::STOPPED, $uuid),
            'a failure' => static fn (?string $uuid) => RunEnd::failed(Failure::of(null), $uuid),
        ];
        foreach ($ends as $case => $end) {
            self::assertNull($end('')->runUuid, $case);
            self::assertNull($end(null)->runUuid, $case);
            self::assertSame('7c1d', $end('7c1d')->runUuid, $case);
        }
    }

    public function testOnlyADoneEventWithAnIdCanBeRated(): void
    {
        self::assertSame('c-1', RunEnd::with(['event' => 'done', 'correlationId' => 'c-1'])->correlationId());
        self::assertNull(RunEnd::with(['event' => 'done', 'correlationId' => ''])->correlationId());
        self::assertNull(RunEnd::with(['event' => 'done'])->correlationId());
        self::assertNull(RunEnd::with(['event' => 'suspended', 'correlationId' => 'c-1'])->correlationId());
        self::assertNull(RunEnd::stopped(RunWatch::STOPPED)->correlationId());
    }
}
