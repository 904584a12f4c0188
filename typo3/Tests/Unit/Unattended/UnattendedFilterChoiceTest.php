<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\Unattended;

use AskAiDialog\AskAi\Unattended\NrLlmUnattendedToolFilter;
use AskAiDialog\AskAi\Unattended\UnattendedFilterChoice;
use AskAiDialog\AskAi\Unattended\UnattendedToolFilter;
use PHPUnit\Framework\TestCase;

final class UnattendedFilterChoiceTest extends TestCase
{
    public function testThePinnedNrLlmHasNoFilterOfItsOwnSoTheExtensionsPortAnswers(): void
    {
        self::assertFalse(interface_exists(UnattendedFilterChoice::NR_LLM_INTERFACE));
        self::assertSame(UnattendedToolFilter::class, UnattendedFilterChoice::implementation());
    }

    public function testAnNrLlmThatProvidesTheInterfaceAnswersInstead(): void
    {
        if (!interface_exists('AskAiDialog\\AskAi\\Tests\\Unit\\Unattended\\FutureNrLlmFilter')) {
            eval('namespace AskAiDialog\\AskAi\\Tests\\Unit\\Unattended; interface FutureNrLlmFilter { public function unattended(array $toolNames): array; }');
        }

        self::assertSame(NrLlmUnattendedToolFilter::class, UnattendedFilterChoice::implementation(__NAMESPACE__ . '\\FutureNrLlmFilter'));
    }

    public function testTheAdapterAsksNrLlmsServiceAndKeepsOnlyNames(): void
    {
        $nrLlm = new class {
            /** @var list<mixed> */
            public array $asked = [];

            /** @param list<string> $toolNames */
            public function unattended(array $toolNames): array
            {
                $this->asked = $toolNames;

                return ['b', 42, 'a'];
            }
        };

        self::assertSame(['b', 'a'], (new NrLlmUnattendedToolFilter($nrLlm))->unattended([1 => 'a', 2 => 'b']));
        self::assertSame(['a', 'b'], $nrLlm->asked);
    }
}
