<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tests\Unit\NrLlm;

use AskAiDialog\AskAi\Tests\Support\TraitTools;
use AskAiDialog\AskAi\NrLlm\ApprovalRuleFilter;
use Netresearch\NrLlm\Service\Tool\ToolRegistry;
use Netresearch\NrLlm\Service\Tool\ToolProviderInterface;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

final class ApprovalRuleFilterTest extends TestCase
{
    private const LOCAL_READ = ['approvalMarker' => false, 'remote' => false, 'remoteApproval' => null, 'effect' => null, 'requiresInput' => false];

    /**
     * The table the TypeScript rule's tests read too (test/fixtures/unattended-trait-table.json). Rows
     * PHP cannot build (an operator declaration on a local tool) are counted out, not skipped silently.
     *
     * @return array<string, array{0: array<string, mixed>, 1: bool}>
     */
    public static function traitTable(): array
    {
        $table = json_decode((string)file_get_contents(dirname(__DIR__, 4) . '/test/fixtures/unattended-trait-table.json'), true, 16, JSON_THROW_ON_ERROR);
        $rows = [];
        foreach ($table['cases'] as $case) {
            if ($case['reason'] !== 'malformed') {
                $rows[$case['name']] = [$case['traits'], $case['unattended']];
            }
        }

        return $rows;
    }

    public function testTheSharedTableHasEveryCombinationPhpCanBuild(): void
    {
        // 96 combinations, of which 32 put a declaration on a local tool: 64 are PHP classes.
        self::assertCount(64, self::traitTable());
    }

    /**
     * @dataProvider traitTable
     *
     * @param array{approvalMarker: bool, remote: bool, remoteApproval: ?bool, effect: ?string, requiresInput: bool} $traits
     */
    #[DataProvider('traitTable')]
    public function testEachTraitCombinationGetsTheTablesVerdict(array $traits, bool $unattended): void
    {
        $filter = $this->filterOver([TraitTools::make('the_tool', $traits)]);

        self::assertSame($unattended ? ['the_tool'] : [], $filter->unattended(['the_tool']));
    }

    public function testUnknownNamesAreLeftOutExactlyAndCaseSensitively(): void
    {
        $filter = $this->filterOver([TraitTools::make('get_page_content', self::LOCAL_READ)]);

        self::assertSame([], $filter->unattended(['Get_Page_Content', ' get_page_content', 'nope']));
        self::assertSame(['get_page_content'], $filter->unattended(['nope', 'get_page_content']));
    }

    public function testKeepsTheOrderAndDuplicatesOfItsInput(): void
    {
        $write = ['effect' => 'idempotent_write'] + self::LOCAL_READ;
        $filter = $this->filterOver([
            TraitTools::make('a', self::LOCAL_READ),
            TraitTools::make('b', self::LOCAL_READ),
            TraitTools::make('w', $write),
        ]);

        self::assertSame(['b', 'a', 'b'], $filter->unattended(['b', 'w', 'a', 'b']));
        self::assertSame([], $filter->unattended([]));
    }

    public function testASelfDescribedReadOnlyRemoteServerIsJudgedOnTheOperatorsDeclarationOnly(): void
    {
        $declared = ['remote' => true, 'remoteApproval' => true, 'effect' => 'non_idempotent_write'] + self::LOCAL_READ;
        $undeclared = ['remote' => true, 'effect' => 'non_idempotent_write'] + self::LOCAL_READ;
        $filter = $this->filterOver([TraitTools::make('mcp_crm', $declared), TraitTools::make('partner', $undeclared)]);

        self::assertSame(['partner'], $filter->unattended(['mcp_crm', 'partner']));
    }

    /** @param list<\Netresearch\NrLlm\Service\Tool\ToolInterface> $tools */
    private function filterOver(array $tools): ApprovalRuleFilter
    {
        $provider = new class ($tools) implements ToolProviderInterface {
            /** @param list<\Netresearch\NrLlm\Service\Tool\ToolInterface> $tools */
            public function __construct(private readonly array $tools)
            {
            }

            public function tools(): iterable
            {
                return $this->tools;
            }
        };

        return new ApprovalRuleFilter(new ToolRegistry([], [$provider]));
    }
}
