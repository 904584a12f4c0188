<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\NrLlm;

use AskAiDialog\AskAi\NrLlm\NrLlmUnattendedToolFilter;
use AskAiDialog\AskAi\NrLlm\UnattendedFilterChoice;
use AskAiDialog\AskAi\NrLlm\ApprovalRuleFilter;
use PHPUnit\Framework\TestCase;

final class UnattendedFilterChoiceTest extends TestCase
{
    public function testThePinnedNrLlmHasNoFilterOfItsOwnSoTheExtensionsPortAnswers(): void
    {
        self::assertFalse(interface_exists(UnattendedFilterChoice::NR_LLM_INTERFACE));
        self::assertSame(ApprovalRuleFilter::class, UnattendedFilterChoice::implementation());
    }

    public function testAnNrLlmThatProvidesTheInterfaceAnswersInstead(): void
    {
        if (!interface_exists('AskAiDialog\\AskAi\\Tests\\Unit\\NrLlm\\FutureNrLlmFilter')) {
            eval('namespace AskAiDialog\\AskAi\\Tests\\Unit\\NrLlm; interface FutureNrLlmFilter { public function unattended(array $toolNames): array; }');
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
